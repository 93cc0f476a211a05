import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacHex, importSecretKey, signingPayload } from '../../src/auth/signer.ts'
import vectors from './signing-vectors.json' with { type: 'json' }

describe('golden signing vectors (expected values computed with node:crypto)', () => {
  for (const vector of vectors.cases) {
    it(vector.name, async () => {
      const payload = signingPayload(vector.timestamp, vector.method, vector.path, vector.body)
      expect(payload).toBe(vector.payload)
      const key = await importSecretKey(vectors.secretKey)
      expect(await hmacHex(key, payload)).toBe(vector.signature)
      // Independent check that the committed expectation itself is right.
      expect(createHmac('sha256', vectors.secretKey).update(vector.payload).digest('hex')).toBe(vector.signature)
    })
  }

  it('uses the ASCII text of the secret as the HMAC key, not its hex-decoded bytes', async () => {
    const [vector] = vectors.cases
    const hexDecoded = createHmac('sha256', Buffer.from(vectors.secretKey, 'hex')).update(vector!.payload).digest('hex')
    const key = await importSecretKey(vectors.secretKey)
    expect(await hmacHex(key, vector!.payload)).not.toBe(hexDecoded)
  })

  it('imports the secret as a non-extractable key', async () => {
    const key = await importSecretKey(vectors.secretKey)
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
  })

  it('signs lowercase hex of 64 characters', async () => {
    const key = await importSecretKey(vectors.secretKey)
    expect(await hmacHex(key, 'x')).toMatch(/^[0-9a-f]{64}$/)
  })
})
