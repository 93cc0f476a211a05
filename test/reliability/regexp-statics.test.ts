// The secret is never left in RegExp's legacy statics (RegExp.$_, input, lastMatch, leftContext,
// rightContext, lastParen, $1-$9), which any later script on the page can read: each place the SDK
// handles a secret is followed by a read of all of them.
import { afterEach, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { credentialStore } from '../../src/onboarding/credential-store.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const apiKey = `1024_${'a1'.repeat(32)}`
const ISSUED = '0123456789abcdef'.repeat(4)
const ROTATED = 'fedcba9876543210'.repeat(4)
const GIVEN = '3c'.repeat(32)

const STATICS = ['$_', 'input', 'lastMatch', 'leftContext', 'rightContext', 'lastParen', '$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9'] as const
const legacy = RegExp as unknown as Record<(typeof STATICS)[number], string>

/** Every legacy static that holds any part of a secret at least 8 characters long. */
function leaked(secret: string): string[] {
  return STATICS.filter((name) => {
    const value = String(legacy[name])
    for (let at = 0; at + 8 <= secret.length; at++) if (value.includes(secret.slice(at, at + 8))) return true
    return false
  })
}

/** A harmless match, so what the statics hold afterwards comes from the code under test. */
const resetStatics = () => /statics/.exec('reset statics')

const service = fetchDouble((sent) => {
  if (sent.url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: Date.now() })
  if (sent.url.pathname === '/api/v1/oauth/onboard') return envelopeResponse({ apiKey, secretKey: ISSUED, accountId: 'acc-1', apiKeyId: 'key-1', isNewUser: true })
  if (sent.url.pathname === '/api/v1/accounts/me/api-key/rotate') return envelopeResponse({ apiKey, secretKey: ROTATED, apiKeyId: 'key-1', rotatedAt: Date.now() })
  return envelopeResponse({})
})

afterEach(resetStatics)

describe('the secret never lands in RegExp legacy statics', () => {
  it('after building a client with it', () => {
    resetStatics()
    new ExchangeClient({ baseUrl, apiKey, secretKey: GIVEN })
    expect(leaked(GIVEN)).toEqual([])
  })

  it('after refusing a malformed one', () => {
    const malformed = `${GIVEN.slice(0, 63)}G`
    resetStatics()
    expect(() => new ExchangeClient({ baseUrl, apiKey, secretKey: malformed })).toThrow(/secretKey/)
    expect(leaked(malformed)).toEqual([])
  })

  it('after the credential store imports it', async () => {
    resetStatics()
    // No IndexedDB in Node: the import happens, then saving fails, which is fine here.
    await credentialStore().save({ apiKey, secretKey: GIVEN }).catch(() => undefined)
    expect(leaked(GIVEN)).toEqual([])
  })

  it('after onboarding returns one, and after rotation swaps one in', async () => {
    const client = new ExchangeClient({ baseUrl, fetch: service.fetch })
    resetStatics()
    const key = await client.onboard({ signer: generateEvmWallet().signer, use: true })
    expect(key.secretKey.reveal()).toBe(ISSUED)
    expect(leaked(ISSUED)).toEqual([])
    resetStatics()
    expect((await client.rotate()).secretKey.reveal()).toBe(ROTATED)
    expect(leaked(ROTATED)).toEqual([])
  })
})
