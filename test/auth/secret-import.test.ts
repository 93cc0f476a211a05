// Importing the secret: its ASCII text becomes a non-extractable HMAC key, and the bytes handed to
// WebCrypto are wiped as soon as it is done with them, whether the import worked or not.
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hmacHex, importSecretKey } from '../../src/auth/signer.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { secretKey } = TEST_KEYS.trader

afterEach(() => {
  vi.restoreAllMocks()
})

/** Records the key bytes WebCrypto was given, as they are after the import. */
function watchImport(fail = false) {
  const seen: Uint8Array<ArrayBuffer>[] = []
  const realImport = crypto.subtle.importKey.bind(crypto.subtle)
  vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((format: 'raw', data: Uint8Array<ArrayBuffer>, ...rest: [never, boolean, KeyUsage[]]) => {
    seen.push(data)
    expect(new TextDecoder().decode(data)).toBe(secretKey) // what was imported: the text, not hex-decoded bytes
    return fail ? Promise.reject(new Error('import refused')) : realImport(format, data, ...rest)
  }) as typeof crypto.subtle.importKey)
  return seen
}

describe('importSecretKey', () => {
  it('wipes the bytes of the secret once imported', async () => {
    const seen = watchImport()
    await importSecretKey(secretKey)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.length).toBe(64)
    expect(seen[0]!.every((byte) => byte === 0)).toBe(true)
  })

  it('wipes them when the import fails too', async () => {
    const seen = watchImport(true)
    await expect(importSecretKey(secretKey)).rejects.toThrow('import refused')
    expect(seen[0]!.every((byte) => byte === 0)).toBe(true)
  })

  it('makes a non-extractable HMAC-SHA256 key for the usages asked, signing as node:crypto does over the text', async () => {
    const key = await importSecretKey(secretKey)
    expect(key).toMatchObject({ type: 'secret', extractable: false, usages: ['sign'], algorithm: { name: 'HMAC', hash: { name: 'SHA-256' } } })
    const payload = '1700000000000GET/api/v1/account/overview'
    expect(await hmacHex(key, payload)).toBe(createHmac('sha256', secretKey).update(payload).digest('hex'))
    expect((await importSecretKey(secretKey, ['verify'])).usages).toEqual(['verify'])
  })
})
