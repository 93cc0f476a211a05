import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient, isExchangeError } from '../../src/index.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { evmWallet, onboardBody, type TestWallet } from '../support/wallets.ts'

const baseUrl = inject('exchangeUrl')

interface Minted {
  apiKey: string
  secretKey: string
  accountId: string
  apiKeyId: string
}

/** Keys of their own, so rotating them cannot disturb other tests. */
async function mint(wallet: TestWallet = evmWallet()): Promise<Minted> {
  const { json } = await rawRequest(baseUrl, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(onboardBody(wallet)) })
  return json.data
}

const signedGet = (key: { apiKey: string; secretKey: string }, path: string) => rawRequest(baseUrl, { path, key })

describe('rotation', () => {
  it('returns a new secret once; the old one stops at once, the new one works', async () => {
    const minted = await mint()
    const client = new ExchangeClient({ baseUrl, apiKey: minted.apiKey, secretKey: minted.secretKey })
    const rotated = await client.request<Record<string, unknown>>({ method: 'POST', path: '/api/v1/accounts/me/api-key/rotate' })
    expect(rotated).toMatchObject({ apiKey: minted.apiKey, apiKeyId: minted.apiKeyId, rotatedAt: expect.any(Number) })
    expect(rotated.secretKey).toMatch(/^[0-9a-f]{64}$/)
    expect(rotated.secretKey).not.toBe(minted.secretKey)

    const old = await signedGet(minted, '/api/v1/accounts/me/api-key/introspect')
    expect(old.json.error).toMatchObject({ code: 'AUTH_INVALID_SIGNATURE', codeNum: 11003 })
    const fresh = await signedGet({ apiKey: minted.apiKey, secretKey: String(rotated.secretKey) }, '/api/v1/accounts/me/api-key/introspect')
    expect(fresh.status).toBe(200)
    await expect(client.request({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' })).rejects.toSatisfy(
      (error) => isExchangeError(error, 'auth'),
    )
  })
})

describe('introspection', () => {
  it('says what the key is and may do, and never shows a secret', async () => {
    const { status, json, text } = await signedGet(TEST_KEYS.full, '/api/v1/accounts/me/api-key/introspect')
    expect(status).toBe(200)
    expect(json.data).toEqual({
      valid: true,
      apiKeyId: expect.stringMatching(/^key_/),
      apiKey: `${TEST_KEYS.full.apiKey.slice(0, 9)}…${TEST_KEYS.full.apiKey.slice(-4)}`,
      label: 'full',
      accountId: 'acc-alice',
      accountType: 'main',
      walletAddress: null,
      permissions: { canRead: true, canTrade: true, canWithdraw: true },
      ipAllowlist: null,
      status: 'active',
      createdAt: expect.any(Number),
      lastUsedAt: expect.any(Number),
      expiresAt: null,
      usageCount: expect.any(Number),
    })
    expect(text).not.toContain(TEST_KEYS.full.secretKey)
  })

  it('counts uses', async () => {
    const minted = await mint()
    await signedGet(minted, '/api/v1/accounts/me/api-key/introspect')
    const { json } = await signedGet(minted, '/api/v1/accounts/me/api-key/introspect')
    expect(json.data.usageCount).toBe(2)
  })
})

describe('the account\'s key list', () => {
  it('lists the keys of the caller\'s account without secrets, and gets one by id', async () => {
    const wallet = evmWallet()
    const first = await mint(wallet)
    const second = await mint(wallet)
    const { json, text } = await signedGet(second, '/api/v1/account/api-keys')
    expect(json.data.items.map((item: { apiKeyId: string }) => item.apiKeyId)).toEqual([first.apiKeyId, second.apiKeyId])
    expect(json.data.pagination).toEqual({ page: 1, pageSize: 20, totalItems: 2, totalPages: 1, hasNext: false, hasPrev: false })
    for (const secret of [first.secretKey, second.secretKey]) expect(text).not.toContain(secret)
    for (const item of json.data.items) expect(Object.keys(item)).not.toContain('secretKey')

    const one = await signedGet(second, `/api/v1/account/api-keys/${first.apiKeyId}`)
    expect(one.json.data).toMatchObject({ apiKeyId: first.apiKeyId, permissions: { canRead: true, canTrade: true, canWithdraw: false } })
  })

  it('pages', async () => {
    const wallet = evmWallet()
    for (let i = 0; i < 3; i++) await mint(wallet)
    const key = await mint(wallet)
    const { json } = await rawRequest(baseUrl, { path: '/api/v1/account/api-keys', query: 'page=2&pageSize=3', key })
    expect(json.data.items).toHaveLength(1)
    expect(json.data.pagination).toMatchObject({ page: 2, totalItems: 4, totalPages: 2, hasPrev: true, hasNext: false })
    const bad = await rawRequest(baseUrl, { path: '/api/v1/account/api-keys', query: 'pageSize=500', key })
    expect(bad.json.error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'pageSize' } })
  })

  it('does not show another account\'s key', async () => {
    const mine = await mint()
    const theirs = await mint()
    const { status, json } = await signedGet(mine, `/api/v1/account/api-keys/${theirs.apiKeyId}`)
    expect(status).toBe(404)
    expect(json.error).toMatchObject({ code: 'NOT_FOUND', codeNum: 10004 })
  })

  it('needs the read permission', async () => {
    const { status, json } = await signedGet(TEST_KEYS.tradeOnly, '/api/v1/account/api-keys')
    expect(status).toBe(403)
    expect(json.error?.code).toBe('PERM_NO_READ')
  })
})
