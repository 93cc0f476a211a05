// The secret that onboarding and rotation return is readable through one explicit access,
// `secretKey.reveal()`. Every other way a program copies, serializes or prints the result shows
// no trace of it, and the common paths (spread into a client's options) still sign with it.
import { createHmac } from 'node:crypto'
import { Console } from 'node:console'
import { Writable } from 'node:stream'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError, IssuedSecret, type OnboardedKey, type RotatedKey } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { startLocalExchange } from '../support/local-exchange.ts'

/** What Node's console.log prints, byte for byte: a real Console writing to a captured stream. */
function printed(...values: unknown[]): string {
  let text = ''
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) })
  new Console({ stdout: stream, stderr: stream }).log(...values)
  return text
}

/** Every accidental view of a result we know of, by name. */
function views(result: OnboardedKey | RotatedKey): Record<string, string> {
  const spread = { ...result }
  const assigned = Object.assign({}, result)
  const cloned = structuredClone(result)
  return {
    'JSON.stringify': JSON.stringify(result),
    'JSON.stringify of the secret': JSON.stringify(result.secretKey),
    'util.inspect': inspect(result),
    'util.inspect, hidden and deep': inspect(result, { showHidden: true, depth: Infinity }),
    'util.inspect, no custom inspectors': inspect(result, { showHidden: true, depth: Infinity, customInspect: false }),
    'util.inspect of the secret, no custom inspectors': inspect(result.secretKey, { showHidden: true, customInspect: false }),
    'console.log': printed(result),
    'console.log of the secret': printed('secret:', result.secretKey),
    'console.log %s %o %O %j': printed('%s %o %O %j', result.secretKey, result, result.secretKey, result),
    'template string': `${result.secretKey} ${String(result.secretKey)} ${result.secretKey as unknown as string + ''}`,
    'spread': JSON.stringify(Object.values(spread).map(String)) + inspect(spread, { customInspect: false, showHidden: true }),
    'Object.assign': JSON.stringify(Object.values(assigned).map(String)) + inspect(assigned, { customInspect: false, showHidden: true }),
    'structuredClone': inspect(cloned, { customInspect: false, showHidden: true, depth: Infinity }) + JSON.stringify(cloned),
    'structuredClone of the secret': inspect(structuredClone(result.secretKey), { customInspect: false, showHidden: true }),
    'own properties of the secret': JSON.stringify(Reflect.ownKeys(result.secretKey).map((key) => String((result.secretKey as unknown as Record<PropertyKey, unknown>)[key]))),
    'own properties of the result': JSON.stringify(Reflect.ownKeys(result).map((key) => String((result as unknown as Record<PropertyKey, unknown>)[key]))),
  }
}

describe('an issued secret', () => {
  it('shows nowhere but through reveal(), for onboarding and rotation, and still signs when spread into a client', async () => {
    const { url } = await startLocalExchange()
    const client = new ExchangeClient({ baseUrl: url })
    const onboarded = await client.onboard({ signer: generateEvmWallet().signer, use: true })
    const rotated = await client.rotate()

    for (const [what, result] of [['onboarded', onboarded], ['rotated', rotated]] as const) {
      const secret = result.secretKey.reveal()
      expect(secret, what).toMatch(/^[0-9a-f]{64}$/)
      const leaks = Object.entries(views(result)).filter(([, shown]) => shown.includes(secret)).map(([view]) => view)
      expect(leaks, what).toEqual([])
    }
    expect(rotated.secretKey.reveal()).not.toBe(onboarded.secretKey.reveal())

    // The common path: spread into a client's options (Object.assign alike) signs with the newest secret.
    const seen: Request[] = []
    const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      seen.push(request.clone())
      return fetch(request)
    }
    const respread = new ExchangeClient({ baseUrl: url, fetch: recording, ...rotated })
    await respread.account.getOverview()
    await new ExchangeClient(Object.assign({ baseUrl: url }, rotated)).account.getOverview()
    const sent = seen[seen.length - 1]!
    const expected = createHmac('sha256', rotated.secretKey.reveal()).update(`${sent.headers.get('x-timestamp')}GET${new URL(sent.url).pathname}`).digest('hex')
    expect(sent.headers.get('x-signature')).toBe(expected)
  })

  it('a structured clone carries no secret: a client built from it is refused naming secretKey', () => {
    const key = { apiKey: `1024_${'ab'.repeat(32)}`, secretKey: new IssuedSecret('cd'.repeat(32)) }
    const error = (() => {
      try {
        return new ExchangeClient({ baseUrl: 'https://x.test', ...structuredClone(key) })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'secretKey' })
  })
})
