// An issued secret shown by accident says that it is hidden, in every view that asks it for text:
// `[hidden]`, and `IssuedSecret [hidden]` where Node inspects it (console.log). Only reveal() reads it.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { IssuedSecret } from '../../src/auth/hidden-secret.ts'

const TEXT = 'ab'.repeat(32)

describe('an issued secret', () => {
  const secret = new IssuedSecret(TEXT)

  it.each([
    ['toString()', () => secret.toString()],
    ['a template string', () => `${secret}`],
    ['String()', () => String(secret)],
    ['+ with a string', () => (secret as unknown as string) + ''],
    ['JSON.stringify', () => JSON.parse(JSON.stringify({ secretKey: secret })).secretKey as string],
  ])('%s: [hidden]', (_, view) => {
    expect(view()).toBe('[hidden]')
  })

  it('util.inspect and console.log: IssuedSecret [hidden]', () => {
    expect(inspect(secret)).toBe('IssuedSecret [hidden]')
    expect(inspect({ secretKey: secret })).toBe('{ secretKey: IssuedSecret [hidden] }')
  })

  it('reveal() gives the text itself', () => {
    expect(secret.reveal()).toBe(TEXT)
  })
})
