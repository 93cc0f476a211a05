import { inject, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { bytesToHex } from '@noble/hashes/utils.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ExchangeClient } from '../../src/index.ts'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { evmWallet, onboardBody, solanaWallet, type TestWallet } from '../support/wallets.ts'

const baseUrl = inject('exchangeUrl')

const onboard = (body: unknown, url = baseUrl) =>
  rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(body) })

async function onboarded(wallet: TestWallet) {
  const { status, json } = await onboard(onboardBody(wallet))
  expect(json.error).toBeNull()
  expect(status).toBe(200)
  return json.data as { apiKey: string; secretKey: string; accountId: string; apiKeyId: string; isNewUser: boolean }
}

async function introspectWith(credentials: { apiKey: string; secretKey: string }) {
  const client = new ExchangeClient({ baseUrl, ...credentials })
  return client.request<Record<string, any>>({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' })
}

describe('onboarding with a wallet signature', () => {
  for (const [name, makeWallet] of [['EVM (EIP-191 personal_sign)', evmWallet], ['Solana (ed25519, base58)', solanaWallet]] as const) {
    it(`${name}: creates the account, mints a read+trade key that works at once`, async () => {
      const wallet = makeWallet()
      const minted = await onboarded(wallet)
      expect(minted.apiKey).toMatch(/^1024_[0-9a-f]{64}$/)
      expect(minted.secretKey).toMatch(/^[0-9a-f]{64}$/)
      expect(minted.isNewUser).toBe(true)

      const key = await introspectWith(minted)
      expect(key).toMatchObject({
        valid: true,
        apiKeyId: minted.apiKeyId,
        accountId: minted.accountId,
        walletAddress: wallet.walletAddress,
        permissions: { canRead: true, canTrade: true, canWithdraw: false },
        status: 'active',
      })
    })
  }

  it('a wallet seen before gets a new key on the same account', async () => {
    const wallet = evmWallet()
    const first = await onboarded(wallet)
    const again = await onboarded({ ...wallet, walletAddress: wallet.walletAddress.toUpperCase().replace('0X', '0x') })
    expect(again).toMatchObject({ isNewUser: false, accountId: first.accountId })
    expect(again.apiKey).not.toBe(first.apiKey)
  })

  it('accepts a signature made by viem (as a browser wallet makes it)', async () => {
    const secretKey = secp256k1.utils.randomSecretKey()
    const account = privateKeyToAccount(`0x${bytesToHex(secretKey)}`)
    const timestamp = Date.now()
    const message = `1024 Exchange - login - ${timestamp}`
    const signature = await account.signMessage({ message })
    const { status, json } = await onboard({ walletAddress: account.address, walletType: 'evm', message, signature, timestamp })
    expect(status).toBe(200)
    expect(json.data.isNewUser).toBe(true)
  })

  it('takes exactly the spec\'s five fields: any other is refused with 400 naming it, and nothing is minted', async () => {
    const { url, exchange } = await startLocalExchange({ seed: {} })
    const extras: [string, unknown][] = [
      ['permissions', { canRead: true, canTrade: false }],
      ['permissions', { canRead: true, canTrade: true, canWithdraw: true }],
      ['partnerTag', 'acme'],
      ['wallet_address', '0x0'],
      ['label', 'mine'],
    ]
    for (const [field, value] of extras) {
      const { status, json } = await onboard({ ...onboardBody(evmWallet()), [field]: value }, url)
      expect(status, field).toBe(400)
      expect(json.error, field).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field } })
      expect(json.error!.message, field).toContain(field)
    }
    expect(exchange.accounts.size).toBe(0)
  })

  it('always mints read and trade, never withdraw', async () => {
    for (const wallet of [evmWallet(), solanaWallet()]) {
      expect((await introspectWith(await onboarded(wallet))).permissions).toEqual({ canRead: true, canTrade: true, canWithdraw: false })
    }
  })

  it('gives new accounts the starting balances, in every module', async () => {
    const opened: [string, Record<string, string>][] = []
    const { url, exchange } = await startLocalExchange({
      seed: {},
      startingBalances: { USDC: '2500' },
      modules: [{ register: () => undefined, openAccount: (id, balances) => void opened.push([id, balances]) }],
    })
    const { json } = await onboard(onboardBody(solanaWallet()), url)
    expect(opened).toEqual([[json.data.accountId, { USDC: '2500' }]])
    expect(exchange.accounts.get(json.data.accountId)?.walletType).toBe('solana')
  })
})

describe('a login message mints one key, once', () => {
  const ONBOARDING_TOLERANCE_MS = 300_000 // the spec's onboarding window
  const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

  /** The same wallet signature in other bytes: v as 0/1, upper-case hex, and the high-s twin (n - s, v flipped). */
  function variantsOf(signature: string): string[] {
    const hex = signature.slice(2)
    const v = Number.parseInt(hex.slice(128), 16)
    const s = BigInt(`0x${hex.slice(64, 128)}`)
    const highS = (SECP256K1_N - s).toString(16).padStart(64, '0')
    const flipped = (v === 27 ? 28 : 27).toString(16)
    return [`0x${hex.slice(0, 128)}${(v - 27).toString(16).padStart(2, '0')}`, `0x${hex.toUpperCase()}`, `0x${hex.slice(0, 64)}${highS}${flipped}`]
  }

  it('the same signed body sent again is refused with ONBOARD_REPLAYED 12006 until the 300 s window closes, and no key is minted', async () => {
    const clock = manualClock()
    const { url, exchange } = await startLocalExchange({ seed: {}, now: clock.now })
    for (const wallet of [evmWallet(), solanaWallet()]) {
      const body = onboardBody(wallet, clock.now())
      const first = await onboard(body, url)
      expect(first.status).toBe(200)
      for (const at of [body.timestamp, body.timestamp + ONBOARDING_TOLERANCE_MS]) {
        clock.set(at)
        const again = await onboard(body, url)
        expect(again.status).toBe(400)
        expect(again.json.error).toMatchObject({ code: 'ONBOARD_REPLAYED', codeNum: 12006 })
      }
      clock.set(body.timestamp + ONBOARDING_TOLERANCE_MS + 1)
      expect((await onboard(body, url)).json.error?.code).toBe('ONBOARD_STALE_TIMESTAMP')
      clock.set(body.timestamp)
      expect(exchange.keys.list(first.json.data.accountId)).toHaveLength(1)
    }
  })

  it('the same message under other signature bytes (v as 0/1, upper case, the high-s twin) mints nothing more', async () => {
    const { url, exchange } = await startLocalExchange({ seed: {} })
    const wallet = evmWallet()
    const body = onboardBody(wallet)
    const { json } = await onboard(body, url)
    for (const signature of variantsOf(body.signature)) {
      const again = await onboard({ ...body, signature }, url)
      expect(again.status, signature).toBe(400)
      expect(again.json.error!.code, signature).toMatch(/^ONBOARD_(REPLAYED|BAD_SIGNATURE)$/)
    }
    expect(exchange.keys.list(json.data.accountId)).toHaveLength(1)
  })

  it('a new login message (a fresh timestamp) from the same wallet mints a new key', async () => {
    const wallet = solanaWallet()
    const first = await onboarded(wallet)
    const second = await onboarded(wallet)
    expect(second.accountId).toBe(first.accountId)
    expect(second.apiKey).not.toBe(first.apiKey)
  })
})

describe('onboarding refusals, each with its own code (400)', () => {
  const refusal = async (body: unknown, url = baseUrl) => {
    const { status, json } = await onboard(body, url)
    expect(status).toBe(400)
    return json.error!
  }

  it('ONBOARD_BAD_SIGNATURE 12001: a signature of another message, or by another wallet', async () => {
    const wallet = evmWallet()
    const body = onboardBody(wallet)
    expect((await refusal({ ...body, signature: wallet.sign('something else') })).code).toBe('ONBOARD_BAD_SIGNATURE')
    expect((await refusal({ ...body, signature: evmWallet().sign(body.message) })).codeNum).toBe(12001)
    const solana = onboardBody(solanaWallet())
    expect((await refusal({ ...solana, signature: solanaWallet().sign(solana.message) })).code).toBe('ONBOARD_BAD_SIGNATURE')
    expect((await refusal({ ...solana, signature: '0OIl' })).code).toBe('ONBOARD_BAD_SIGNATURE')
  })

  it('ONBOARD_STALE_TIMESTAMP 12002: more than 300 s from server time', async () => {
    const clock = manualClock()
    const { url } = await startLocalExchange({ now: clock.now })
    const wallet = evmWallet()
    expect((await onboard(onboardBody(wallet, clock.now() - 299_000), url)).status).toBe(200)
    for (const offset of [-301_000, 301_000]) {
      const error = await refusal(onboardBody(wallet, clock.now() + offset), url)
      expect({ code: error.code, codeNum: error.codeNum }).toEqual({ code: 'ONBOARD_STALE_TIMESTAMP', codeNum: 12002 })
    }
  })

  it('ONBOARD_BAD_MESSAGE 12003: a message without the service\'s login prefix', async () => {
    const wallet = evmWallet()
    const timestamp = Date.now()
    for (const message of [`Other Exchange - login - ${timestamp}`, `1024 exchange - login - ${timestamp}`, `${timestamp}`]) {
      const error = await refusal({ walletAddress: wallet.walletAddress, walletType: 'evm', message, signature: wallet.sign(message), timestamp })
      expect({ code: error.code, codeNum: error.codeNum }).toEqual({ code: 'ONBOARD_BAD_MESSAGE', codeNum: 12003 })
      expect(error.message).toContain('1024 Exchange - login - ')
    }
  })

  it('ONBOARD_TIMESTAMP_MISMATCH 12004: the message ends with another timestamp than the body\'s', async () => {
    const wallet = solanaWallet()
    const body = onboardBody(wallet)
    for (const timestamp of [body.timestamp + 1, body.timestamp - 1000]) {
      const error = await refusal({ ...body, timestamp })
      expect({ code: error.code, codeNum: error.codeNum }).toEqual({ code: 'ONBOARD_TIMESTAMP_MISMATCH', codeNum: 12004 })
    }
  })

  it('ONBOARD_BAD_WALLET 12005: an unknown wallet type or a malformed address', async () => {
    const body = onboardBody(evmWallet())
    expect((await refusal({ ...body, walletType: 'bitcoin' })).code).toBe('ONBOARD_BAD_WALLET')
    expect((await refusal({ ...body, walletAddress: '0x1234' })).codeNum).toBe(12005)
    expect((await refusal({ ...onboardBody(solanaWallet()), walletAddress: body.walletAddress })).codeNum).toBe(12005)
  })

  it('REQ_INVALID_PARAMS 10002 names a missing or mistyped field', async () => {
    const { signature: _, ...unsigned } = onboardBody(evmWallet())
    const error = await refusal(unsigned)
    expect(error).toMatchObject({ code: 'REQ_INVALID_PARAMS', codeNum: 10002, details: { field: 'signature' } })
    expect((await refusal({ ...onboardBody(evmWallet()), timestamp: 'soon' })).details).toMatchObject({ field: 'timestamp' })
  })

  it('uses the configured service name in the login prefix', async () => {
    const { url } = await startLocalExchange({ seed: { serviceName: 'Staging Exchange' } })
    const wallet = evmWallet()
    expect((await refusal(onboardBody(wallet), url)).code).toBe('ONBOARD_BAD_MESSAGE')
    expect((await onboard(onboardBody(wallet, Date.now(), 'Staging Exchange'), url)).status).toBe(200)
  })
})
