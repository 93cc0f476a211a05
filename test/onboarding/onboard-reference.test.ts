// Onboarding end to end: real HTTP over loopback to the reference exchange, which verifies the
// EVM (EIP-191) and Solana (ed25519/base58) signatures itself.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eip1193Signer, ExchangeApiError, ExchangeClient, onboard, type WalletSigner } from '../../src/index.ts'
import { generateEvmWallet, generateSolanaWallet } from '../../src/local-signer.ts'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { responseSchemas } from '../../src/strict.ts'
import { toNodeListener } from '../../src/testing/node/adapter.ts'

let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer(toNodeListener(createReferenceExchange({})))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

async function apiFailure(promise: Promise<unknown>): Promise<ExchangeApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ExchangeApiError) return error
    throw error
  }
  throw new Error('expected the exchange to refuse')
}

describe('onboarding against the reference exchange', () => {
  it('turns an EVM wallet signature into a read+trade key bound to a new account', async () => {
    const { signer } = generateEvmWallet()
    const key = await onboard({ baseUrl, signer })
    expect(key.isNewUser).toBe(true)
    expect(key.apiKey).toMatch(/^[A-Za-z0-9]{4}_[0-9a-f]{64}$/i)
    expect(key.secretKey.reveal()).toMatch(/^[0-9a-f]{64}$/)

    // With the SDK's response schemas on: the exchange's answer passes them.
    const client = new ExchangeClient({ baseUrl, ...key, validateResponses: responseSchemas })
    const info = await client.getKeyInfo()
    expect(info).toMatchObject({ valid: true, accountId: key.accountId, apiKeyId: key.apiKeyId })
    expect(info.permissions).toMatchObject({ canRead: true, canTrade: true, canWithdraw: false })
    expect(info.walletAddress?.toLowerCase()).toBe(signer.address.toLowerCase())
  })

  it('finds the same account when the wallet comes back', async () => {
    const { signer } = generateEvmWallet()
    const first = await onboard({ baseUrl, signer })
    const again = await onboard({ baseUrl, signer })
    expect(again.isNewUser).toBe(false)
    expect(again.accountId).toBe(first.accountId)
  })

  it('accepts a Solana wallet\'s base58 ed25519 signature', async () => {
    const { signer } = generateSolanaWallet()
    const key = await onboard({ baseUrl, signer })
    const info = await new ExchangeClient({ baseUrl, ...key }).getKeyInfo()
    expect(info.accountId).toBe(key.accountId)
  })

  it('accepts what an EIP-1193 wallet signs through personal_sign', async () => {
    const account = privateKeyToAccount(generateEvmWallet().privateKey as `0x${string}`)
    const provider = {
      request: async ({ method, params }: { method: string; params?: readonly unknown[] }) =>
        method === 'eth_requestAccounts' ? [account.address] : account.signMessage({ message: { raw: (params as [`0x${string}`])[0] } }),
    }
    const client = new ExchangeClient({ baseUrl })
    const key = await client.onboard({ signer: await eip1193Signer(provider), use: true })
    expect((await client.getKeyInfo()).accountId).toBe(key.accountId)
  })

  // The spec: an onboarded key has read and trade, always (fewer or more is key management's
  // business; tests that need a read-only key seed one). The exchange refuses any sixth field.
  it('mints a read+trade key, never withdraw', async () => {
    const key = await onboard({ baseUrl, signer: generateEvmWallet().signer })
    const info = await new ExchangeClient({ baseUrl, ...key }).getKeyInfo()
    expect(info.permissions).toMatchObject({ canRead: true, canTrade: true, canWithdraw: false })
  })

  it('is refused when the signature is not the wallet\'s, or the message names another service', async () => {
    const { signer } = generateEvmWallet()
    const impostor: WalletSigner = { ...signer, signMessage: (message) => generateEvmWallet().signer.signMessage(message) }
    expect((await apiFailure(onboard({ baseUrl, signer: impostor }))).code).toBe('ONBOARD_BAD_SIGNATURE')
    expect((await apiFailure(onboard({ baseUrl, signer, serviceName: 'Another Exchange' }))).code).toBe('ONBOARD_BAD_MESSAGE')
  })

  it('rotate() swaps the new secret into the running client; the old secret stops working', async () => {
    const key = await onboard({ baseUrl, signer: generateEvmWallet().signer })
    const client = new ExchangeClient({ baseUrl, ...key, validateResponses: responseSchemas })
    const rotated = await client.rotate()
    expect(rotated.apiKey).toBe(key.apiKey)
    expect(rotated.secretKey.reveal()).not.toBe(key.secretKey.reveal())
    expect(JSON.stringify(rotated)).not.toContain(rotated.secretKey.reveal())
    expect((await client.getKeyInfo()).accountId).toBe(key.accountId)

    const stale = new ExchangeClient({ baseUrl, ...key })
    const refused = await apiFailure(stale.getKeyInfo())
    expect(refused.kind).toBe('auth')
    expect(refused.codeNum).toBe(11003)
  })
})
