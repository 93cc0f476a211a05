/**
 * The exchange keeps its state bounded and each request's work its own: idle onboarded accounts
 * expire, past the account cap onboarding a new wallet is refused with the wait, a wallet keeps its
 * newest keys, listing keys visits only the caller's, and rotating a secret needs the read permission.
 */
import { describe, expect, it } from 'vitest'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'
import { evmWallet, onboardBody, type TestWallet } from '../support/wallets.ts'

describe('keys', () => {
  it('lists the caller\'s keys without visiting the exchange\'s other keys', async () => {
    const { exchange, url } = await startLocalExchange()
    const visits = async () => {
      const before = exchange.work.visits
      const { json } = await rawRequest(url, { path: '/api/v1/account/api-keys', key: TEST_KEYS.full })
      expect(json.success).toBe(true)
      return { visited: exchange.work.visits - before, listed: json.data.items.length as number }
    }
    const alone = await visits()
    for (let index = 0; index < 300; index++) exchange.keys.mint({ accountId: 'acc-bob', permissions: ['read'] })
    const crowded = await visits()
    expect(crowded).toEqual(alone)
    expect(crowded.visited).toBe(crowded.listed)
  })

  it('refuses a secret rotation to a key without the read permission, and the secret stays', async () => {
    const { url } = await startLocalExchange()
    const rotated = await rawRequest(url, { method: 'POST', path: '/api/v1/accounts/me/api-key/rotate', key: TEST_KEYS.noPermissions })
    expect([rotated.status, rotated.json.error?.code]).toEqual([403, 'PERM_NO_READ'])
    expect((await rawRequest(url, { path: '/api/v1/accounts/me/api-key/introspect', key: TEST_KEYS.noPermissions })).status).toBe(200)
    expect((await rawRequest(url, { method: 'POST', path: '/api/v1/accounts/me/api-key/rotate', key: TEST_KEYS.readOnly })).status).toBe(200)
  })
})

describe('anonymous accounts', () => {
  const TTL = 60_000

  async function exchangeWithRoomFor(extra: number, options = {}) {
    const clock = manualClock(Date.now())
    const { exchange, url } = await startLocalExchange({ now: clock.now, idleAccountTtlMs: TTL, maxAccounts: TEST_SEED.accounts!.length + extra, ...options })
    const onboard = (wallet: TestWallet) => rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(onboardBody(wallet, clock.now())) })
    const signed = (key: { apiKey: string; secretKey: string }, method: string, path: string, body?: unknown) =>
      rawRequest(url, { method, path, key, timestamp: String(clock.now()), ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    return { clock, exchange, url, onboard, signed }
  }

  it('expire when they never traded; past the cap a new wallet is refused with the wait, an account that traded stays', async () => {
    const { clock, exchange, url, onboard, signed } = await exchangeWithRoomFor(2)
    const [trader, idle, late] = [evmWallet(), evmWallet(), evmWallet()]
    const traderKey = (await onboard(trader)).json.data
    clock.advance(1)
    const idleKey = (await onboard(idle)).json.data
    clock.advance(1)
    expect((await signed(traderKey, 'POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 1 })).status).toBe(200)

    const lateBody = JSON.stringify(onboardBody(late, clock.now()))
    const refused = await rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: lateBody })
    expect([refused.status, refused.json.error?.code]).toEqual([503, 'UNAVAILABLE'])
    expect(refused.json.error?.message).toContain('maximum of')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(TTL / 1000)

    clock.advance(TTL)
    // The refused login message was not used up: sent again once there is room, it onboards.
    expect((await rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: lateBody })).json.data).toMatchObject({ isNewUser: true })
    expect((await signed(idleKey, 'GET', '/api/v1/accounts/me/api-key/introspect')).json.error?.code).toBe('AUTH_INVALID_KEY')
    expect((await signed(traderKey, 'GET', '/api/v1/accounts/me/api-key/introspect')).status).toBe(200)
    expect(exchange.market.balances(idleKey.accountId)).toEqual({})
    clock.advance(1)
    expect((await onboard(trader)).json.data).toMatchObject({ isNewUser: false, accountId: traderKey.accountId })
  })

  it('expire with their perp leverage settings when that is all they changed', async () => {
    const { clock, exchange, onboard, signed } = await exchangeWithRoomFor(10)
    const idleKey = (await onboard(evmWallet())).json.data
    expect((await signed(idleKey, 'PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 5 })).json.data).toMatchObject({ leverage: 5 })
    expect(exchange.market.state.perp.leverageOf(idleKey.accountId, 'BTC-USDC')).toBe(5)
    clock.advance(TTL)
    await onboard(evmWallet()) // onboarding sweeps the accounts due to expire
    expect((await signed(idleKey, 'GET', '/api/v1/accounts/me/api-key/introspect')).json.error?.code).toBe('AUTH_INVALID_KEY')
    expect(exchange.market.state.perp.leverageOf(idleKey.accountId, 'BTC-USDC')).toBe(20) // the setting is gone: the default
  })

  it('keep their newest keys: onboarding past maxKeysPerAccount forgets the oldest', async () => {
    const { clock, onboard, signed } = await exchangeWithRoomFor(10, { maxKeysPerAccount: 3 })
    const wallet = evmWallet()
    const minted = []
    for (let index = 0; index < 25; index++) {
      clock.advance(1)
      minted.push((await onboard(wallet)).json.data)
    }
    const listed = await signed(minted.at(-1), 'GET', '/api/v1/account/api-keys')
    expect(listed.json.data.items.map((key: { apiKeyId: string }) => key.apiKeyId)).toEqual(minted.slice(-3).map((key) => key.apiKeyId))
    expect((await signed(minted[0], 'GET', '/api/v1/accounts/me/api-key/introspect')).json.error?.code).toBe('AUTH_INVALID_KEY')
  })
})
