// The three ways to produce X-SIGNATURE that the signing cases compare.
import { createHmac } from 'node:crypto'
import { hmacHex, importSecretKey } from '../../src/auth/signer.ts'

export type Sign = (payload: string) => Promise<string>

export interface Signers {
  /** The SDK's way: the secret imported once as a non-extractable CryptoKey. */
  cached: Sign
  /** What most WebCrypto SDKs do: import the key again for every request. */
  importEach: Sign
  /** node:crypto's createHmac: the native ceiling, Node only. */
  native: Sign
}

export async function signers(secretKey: string): Promise<Signers> {
  const key = await importSecretKey(secretKey)
  const all: Signers = {
    cached: (payload) => hmacHex(key, payload),
    importEach: async (payload) => hmacHex(await importSecretKey(secretKey), payload),
    native: async (payload) => createHmac('sha256', secretKey).update(payload).digest('hex'),
  }
  // A bench of signers that disagree would compare different work.
  const probe = '1700000000000POST/api/v1/perp/orders{"a":1}'
  const macs = new Set(await Promise.all(Object.values(all).map((sign: Sign) => sign(probe))))
  if (macs.size !== 1) throw new Error('the signers disagree on the same payload')
  return all
}
