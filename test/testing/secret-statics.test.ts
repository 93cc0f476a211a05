// RegExp's legacy statics (RegExp.$_, .input, .lastMatch, .rightContext …) keep the last string a
// regular expression matched, readable by any later script. The exchange checks secrets without a
// RegExp, so after each place it handles one, none of them holds it.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange, KeyStore, parseSeed } from '../../src/testing/index.ts'
import { authHeaders } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const STATICS = ['$_', 'input', 'lastMatch', 'rightContext', 'leftContext', '$&', "$'", '$`'] as const

function expectNotInStatics(secret: string, where: string) {
  const legacy = RegExp as unknown as Record<string, unknown>
  for (const name of STATICS) expect(String(legacy[name]), `RegExp.${name} after ${where}`).not.toContain(secret)
}

/** A key whose secret no other test uses, and which nothing else has matched. */
const fresh = () => {
  const hex = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return { apiKey: `stat_${'ab'.repeat(32)}`, secretKey: hex }
}

describe('no secret is left in RegExp\'s legacy statics', () => {
  it('after a seed is parsed', () => {
    const key = fresh()
    parseSeed({ accounts: [{ id: 'a' }], keys: [{ ...key, accountId: 'a' }] })
    expectNotInStatics(key.secretKey, 'parseSeed')
  })

  it('after a key is added to the key store', () => {
    const key = fresh()
    new KeyStore(Date.now).add({ ...key, accountId: 'a', permissions: ['read'] })
    expectNotInStatics(key.secretKey, 'KeyStore.add')
  })

  it('after an exchange starts from a seed', () => {
    const key = fresh()
    createReferenceExchange({ seed: { accounts: [{ id: 'a' }], keys: [{ ...key, accountId: 'a' }] } })
    expectNotInStatics(key.secretKey, 'createReferenceExchange')
  })

  it('after a signed request is verified, and after the rotation answer', async () => {
    const exchange = createReferenceExchange({ seed: TEST_SEED })
    const path = '/api/v1/accounts/me/api-key/rotate'
    const headers = authHeaders({ method: 'POST', path, key: TEST_KEYS.full })
    const response = await exchange.fetch(`http://x${path}`, { method: 'POST', headers })
    expectNotInStatics(TEST_KEYS.full.secretKey, 'verification')
    const { data } = await response.json()
    expect(data.secretKey).toHaveLength(64)
    expectNotInStatics(data.secretKey, 'rotation')
  })
})
