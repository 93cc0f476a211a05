import { generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto'
import { base58 } from '@scure/base'
import { createWalletClient, custom, recoverMessageAddress, UserRejectedRequestError, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  eip1193Signer,
  ethersSigner,
  isExchangeError,
  SigningCancelledError,
  SigningFailedError,
  solanaSigner,
  viemSigner,
  type Eip1193Provider,
} from '../../src/index.ts'
import { failure } from '../support/failure.ts'

const PRIVATE_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const account = privateKeyToAccount(PRIVATE_KEY)
const MESSAGE = '1024 Exchange - login - 1767225600000'


/** A wallet as an injected provider would be: it signs the raw bytes personal_sign receives. */
function fakeProvider(behaviour: { rejectConnect?: unknown; rejectSign?: unknown; accounts?: string[] } = {}) {
  const calls: { method: string; params?: readonly unknown[] }[] = []
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params })
      if (method === 'eth_requestAccounts') {
        if (behaviour.rejectConnect) throw behaviour.rejectConnect
        return behaviour.accounts ?? [account.address]
      }
      if (method === 'personal_sign') {
        if (behaviour.rejectSign) throw behaviour.rejectSign
        const [data] = params as [`0x${string}`, string]
        return account.signMessage({ message: { raw: data } })
      }
      throw new Error(`unexpected ${method}`)
    },
  }
  return { provider, calls }
}

describe('EIP-1193 provider signer', () => {
  it('asks for accounts, then personal_sign with the UTF-8 message in hex and the address', async () => {
    const { provider, calls } = fakeProvider()
    const signer = await eip1193Signer(provider)
    expect(signer).toMatchObject({ address: account.address, walletType: 'evm' })
    const signature = await signer.signMessage(MESSAGE)
    expect(calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'personal_sign'])
    expect(calls[1]!.params).toEqual([`0x${Buffer.from(MESSAGE, 'utf8').toString('hex')}`, account.address])
    expect(await verifyMessage({ address: account.address, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)
  })

  it('hex-encodes non-ASCII messages as UTF-8 bytes', async () => {
    const { provider, calls } = fakeProvider()
    const signer = await eip1193Signer(provider)
    const signature = await signer.signMessage('Börse - login - 1')
    expect(calls[1]!.params![0]).toBe('0x42c3b6727365202d206c6f67696e202d2031')
    expect(await recoverMessageAddress({ message: 'Börse - login - 1', signature: signature as `0x${string}` })).toBe(account.address)
  })

  it('picks the account asked for among several', async () => {
    const other = '0x1111111111111111111111111111111111111111'
    const { provider } = fakeProvider({ accounts: [other, account.address.toLowerCase()] })
    expect((await eip1193Signer(provider, { address: account.address })).address).toBe(account.address.toLowerCase())
    expect(await failure(eip1193Signer(provider, { address: '0x2222222222222222222222222222222222222222' }))).toBeInstanceOf(SigningFailedError)
  })

  it('turns a rejected signing prompt (code 4001) into SigningCancelledError', async () => {
    const { provider } = fakeProvider({ rejectSign: Object.assign(new Error('User rejected the request.'), { code: 4001 }) })
    const signer = await eip1193Signer(provider)
    const error = await failure(signer.signMessage(MESSAGE))
    expect(error).toBeInstanceOf(SigningCancelledError)
    expect(isExchangeError(error, 'signing-cancelled')).toBe(true)
    expect((error as SigningCancelledError).walletAddress).toBe(account.address)
  })

  it('turns a rejected connect prompt into SigningCancelledError too', async () => {
    const { provider } = fakeProvider({ rejectConnect: { code: 4001, message: 'rejected' } })
    const error = await failure(eip1193Signer(provider))
    expect(error).toBeInstanceOf(SigningCancelledError)
    expect((error as Error).message).toMatch(/declined to connect the wallet/)
  })

  it('reports other wallet failures and malformed answers as SigningFailedError', async () => {
    const { provider } = fakeProvider({ rejectSign: { code: -32603, message: 'Internal error' } })
    const failed = await failure((await eip1193Signer(provider)).signMessage(MESSAGE))
    expect(failed).toBeInstanceOf(SigningFailedError)
    expect((failed as Error).message).toMatch(/Internal error/)
    const garbage: Eip1193Provider = { request: async ({ method }) => (method === 'eth_requestAccounts' ? [account.address] : 'not-a-signature') }
    expect(await failure((await eip1193Signer(garbage)).signMessage(MESSAGE))).toBeInstanceOf(SigningFailedError)
    const noAccount: Eip1193Provider = { request: async () => [] }
    expect(await failure(eip1193Signer(noAccount))).toBeInstanceOf(SigningFailedError)
  })
})

describe('viem-shaped signers', () => {
  it('signs with a viem local account: signMessage({ message })', async () => {
    const signer = await viemSigner(account)
    expect(signer).toMatchObject({ address: account.address, walletType: 'evm' })
    expect(await signer.signMessage(MESSAGE)).toBe(await account.signMessage({ message: MESSAGE }))
  })

  it('signs with a viem WalletClient for its account', async () => {
    const client = createWalletClient({ account, transport: custom({ request: async () => null }) })
    const signer = await viemSigner(client)
    expect(signer.address).toBe(account.address)
    expect(await verifyMessage({ address: account.address, message: MESSAGE, signature: await signer.signMessage(MESSAGE) as `0x${string}` })).toBe(true)
  })

  it('maps viem\'s UserRejectedRequestError to SigningCancelledError', async () => {
    const refusing = { address: account.address, signMessage: async () => { throw new UserRejectedRequestError(new Error('no')) } }
    expect(await failure((await viemSigner(refusing)).signMessage(MESSAGE))).toBeInstanceOf(SigningCancelledError)
  })
})

describe('ethers-shaped signers', () => {
  const ethersLike = (signMessage: (message: string) => Promise<string>) => ({
    getAddress: async () => account.address,
    signMessage,
  })

  it('takes the address from getAddress() and signs the message string', async () => {
    const seen: string[] = []
    const signer = await ethersSigner(ethersLike(async (message) => {
      seen.push(message)
      return account.signMessage({ message })
    }))
    expect(signer).toMatchObject({ address: account.address, walletType: 'evm' })
    const signature = await signer.signMessage(MESSAGE)
    expect(seen).toEqual([MESSAGE])
    expect(await verifyMessage({ address: account.address, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)
  })

  it('maps ethers v6 ACTION_REJECTED to SigningCancelledError', async () => {
    const signer = await ethersSigner(ethersLike(async () => { throw Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' }) }))
    expect(await failure(signer.signMessage(MESSAGE))).toBeInstanceOf(SigningCancelledError)
  })
})

describe('Solana wallet signer', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const rawPublicKey = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12))
  const address = base58.encode(rawPublicKey)
  const signBytes = async (bytes: Uint8Array) => new Uint8Array(nodeSign(null, bytes, privateKey))

  it('signs the UTF-8 bytes and sends the signature in base58, walletType solana', async () => {
    const received: Uint8Array[] = []
    const phantomLike = {
      publicKey: { toBase58: () => address },
      signMessage: async (bytes: Uint8Array, display?: 'utf8') => {
        received.push(bytes)
        expect(display).toBe('utf8')
        return { signature: await signBytes(bytes) }
      },
    }
    const signer = await solanaSigner(phantomLike)
    expect(signer).toMatchObject({ address, walletType: 'solana' })
    const signature = await signer.signMessage(MESSAGE)
    expect(new TextDecoder().decode(received[0])).toBe(MESSAGE)
    expect(nodeVerify(null, Buffer.from(MESSAGE), publicKey, base58.decode(signature))).toBe(true)
  })

  it('accepts a wallet-adapter wallet returning the bare signature bytes, and connects first when needed', async () => {
    let connected = false
    const adapterLike = {
      publicKey: null as Uint8Array | null,
      connect: async () => {
        connected = true
        adapterLike.publicKey = rawPublicKey
      },
      signMessage: signBytes,
    }
    const signer = await solanaSigner(adapterLike)
    expect(connected).toBe(true)
    expect(signer.address).toBe(address)
    expect(nodeVerify(null, Buffer.from(MESSAGE), publicKey, base58.decode(await signer.signMessage(MESSAGE)))).toBe(true)
  })

  it('maps Phantom\'s 4001 and wallet-adapter\'s wrapped rejection to SigningCancelledError', async () => {
    const phantomRefusal = { code: 4001, message: 'User rejected the request.' }
    const adapterRefusal = Object.assign(new Error('User rejected the request.'), { name: 'WalletSignMessageError', error: phantomRefusal })
    for (const refusal of [phantomRefusal, adapterRefusal]) {
      const signer = await solanaSigner({ publicKey: address, signMessage: async () => { throw refusal } })
      expect(await failure(signer.signMessage(MESSAGE))).toBeInstanceOf(SigningCancelledError)
    }
  })

  it('refuses a wallet without a public key or with a wrong-size signature', async () => {
    expect(await failure(solanaSigner({ publicKey: null, signMessage: signBytes }))).toBeInstanceOf(SigningFailedError)
    const short = await solanaSigner({ publicKey: address, signMessage: async () => new Uint8Array(10) })
    expect(await failure(short.signMessage(MESSAGE))).toBeInstanceOf(SigningFailedError)
  })
})
