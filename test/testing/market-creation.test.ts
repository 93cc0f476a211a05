/**
 * Prediction market creation cannot be locked for everyone: only open (not yet resolved) markets
 * count toward the exchange's cap, the creation bond doubles for every `marketBondDoubling` open
 * markets, and resolved markets leave the discovery lists (the newest 100 excepted). Over loopback
 * HTTP; work counted with the exchange's work meter, not time.
 */
import { describe, expect, it } from 'vitest'
import type { Seed } from '../../src/testing/index.ts'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { evmWallet, onboardBody } from '../support/wallets.ts'

const HOUR = 3_600_000
/** What onboarding gives a new account (the exchange's default `startingBalances`). */
const GRANT = 10_000

/** `count` accounts holding the onboarding grant, each with a trading key of its own. */
function accounts(count: number, prefix: string) {
  const keys = Array.from({ length: count }, (_, index) => ({
    apiKey: `test_${(index + 1).toString(16).padStart(64, '0')}`,
    secretKey: (index + 1).toString(16).padStart(8, '0').repeat(8),
    accountId: `${prefix}-${index}`,
  }))
  const seed: Seed = { accounts: keys.map((key) => ({ id: key.accountId, balances: { USDC: String(GRANT) } })), keys: keys.map((key) => ({ ...key, permissions: ['read', 'trade'] })) }
  return { keys, seed }
}

type Key = { apiKey: string; secretKey: string }

/**
 * The markets `accounts` fresh accounts create one after the other, each until refused, by the
 * documented rule (docs/reference-exchange.md, defaults): five open markets per account, one once the
 * exchange holds 2,000 (a fifth of 10,000); a bond of 100 USDC doubled for every 1,500 open markets,
 * paid from the 10,000 USDC grant.
 */
function byTheRule(accounts: number, demoOpen: number): number {
  let open = demoOpen
  for (let account = 0; account < accounts; account++) {
    let balance = GRANT
    for (let made = 0; made < (open >= 2000 ? 1 : 5); made++) {
      const bond = 100 * 2 ** Math.floor(open / 1500)
      if (bond > balance || open >= 10_000) break
      balance -= bond
      open++
    }
  }
  return open - demoOpen
}

const market = (index: number, endTime: number) => ({ question: `Will load ${index} pass?`, category: 'load', marketType: 'binary', endTime })

describe('creating prediction markets from 2,000 funded accounts', () => {
  it('leaves a newly onboarded account able to create one: past a fifth of the cap an account holds one open market, and the bond doubles as markets open', async () => {
    const { keys, seed } = accounts(2000, 'filler')
    const { exchange, url } = await startLocalExchange({ seed })
    const endTime = Date.now() + 24 * HOUR
    const create = (key: Key, index: number) => rawRequest(url, { method: 'POST', path: '/api/v1/prediction/markets', key, body: JSON.stringify(market(index, endTime)) })

    // Each account in turn creates markets until it is refused.
    let created = 0
    const refusals = new Map<string, number>()
    const started = performance.now()
    for (const key of keys) {
      for (;;) {
        const answer = await create(key, created)
        if (answer.status !== 200) {
          const reason = answer.json.error!.code
          refusals.set(reason, (refusals.get(reason) ?? 0) + 1)
          break
        }
        created++
      }
    }
    const seconds = (performance.now() - started) / 1000
    console.log(`2,000 accounts created ${created} markets in ${seconds.toFixed(1)} s; refusals ${JSON.stringify(Object.fromEntries(refusals))}`)
    const wallet = evmWallet()
    const onboarded = await rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(onboardBody(wallet)) })
    expect(onboarded.status).toBe(200)
    const newcomer = onboarded.json.data as Key & { accountId: string }
    const open = 7 + created // the demo's seven open markets
    const answer = await create(newcomer, -1)
    expect([answer.status, answer.json.error]).toEqual([200, null])
    const bond = 100 * 2 ** Math.floor(open / 1500)
    expect(exchange.market.balances(newcomer.accountId).USDC).toEqual({ available: String(GRANT - bond), locked: String(bond) })
    expect(created).toBe(byTheRule(2000, 7))
    expect(created).toBeLessThan(10_000 - 7)
  }, 180_000)
})

describe('resolved prediction markets', () => {
  it('leave the discovery lists (the newest 100 excepted), so what a list visits does not grow with them; they are still found by id and claimed', async () => {
    const clock = manualClock(Date.UTC(2027, 0, 1))
    const { keys, seed } = accounts(60, 'creator')
    const { exchange, url } = await startLocalExchange({ seed, now: clock.now, challengePeriodMs: HOUR })
    const signed = (key: Key, method: string, path: string, body?: unknown) => rawRequest(url, { method, path, key, timestamp: String(clock.now()), ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    const discovery = ['/api/v1/prediction/markets?pageSize=1', '/api/v1/prediction/markets/new?limit=1', '/api/v1/prediction/markets/trending?limit=1', '/api/v1/prediction/search?q=load', '/api/v1/prediction/categories', '/api/v1/prediction/tags']
    const visits = async () => {
      const counts: Record<string, number> = {}
      for (const path of discovery) {
        const before = exchange.work.visits
        expect((await rawRequest(url, { path })).status).toBe(200)
        counts[path] = exchange.work.visits - before
      }
      return counts
    }
    /** 150 markets from 30 accounts, ended and resolved; returns their ids. */
    const resolveBatch = async (creators: typeof keys) => {
      const endTime = clock.now() + HOUR
      const ids: string[] = []
      for (const key of creators) {
        for (let index = 0; index < 5; index++) ids.push((await signed(key, 'POST', '/api/v1/prediction/markets', market(ids.length, endTime))).json.data.marketId)
      }
      expect((await signed(creators[0]!, 'POST', '/api/v1/prediction/mints', { marketId: ids[0], amount: 3 })).status).toBe(200)
      clock.set(endTime + HOUR + 1)
      for (const marketId of ids) expect((await signed(creators[0]!, 'POST', '/api/v1/prediction/oracle/finalizations', { marketId })).status).toBe(200)
      return ids
    }

    const first = await resolveBatch(keys.slice(0, 30))
    const afterFirst = await visits()
    await resolveBatch(keys.slice(30))
    const afterSecond = await visits()
    expect(afterSecond).toEqual(afterFirst)
    // Independent count: the demo's seven open markets plus the 100 newest resolved ones.
    expect(afterSecond['/api/v1/prediction/markets?pageSize=1']).toBe(7 + 100)

    const archived = first[0]!
    const found = await rawRequest(url, { path: `/api/v1/prediction/markets/${archived}` })
    expect(found.json.data).toMatchObject({ marketId: archived, status: 'resolved', finalOutcomeIndex: 0 })
    const listed = await rawRequest(url, { path: '/api/v1/prediction/markets', query: 'status=resolved&pageSize=100' })
    expect(listed.json.data.items.map((item: { marketId: string }) => item.marketId)).not.toContain(archived)
    const claimed = await signed(keys[0]!, 'POST', '/api/v1/prediction/claims', { marketId: archived })
    expect(claimed.status).toBe(200)
    // Every creator's bond came back with the resolutions; the 3 USDC minted came back as 3 winning shares.
    expect(exchange.market.balances(keys[0]!.accountId).USDC).toEqual({ available: String(GRANT), locked: '0' })
  }, 120_000)
})
