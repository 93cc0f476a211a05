import { createPublicKey, verify as nodeVerify } from 'node:crypto'
import { base58 } from '@scure/base'
import { recoverMessageAddress, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ExchangeValidationError } from '../../src/index.ts'
import { eip191Hash, evmLocalSigner, generateEvmWallet, generateSolanaWallet, solanaLocalSigner } from '../../src/local-signer.ts'

const MESSAGE = '1024 Exchange - login - 1767225600000'
// The key toolchain.md checked three ways; its address is known.
const KNOWN_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'

/** node:crypto's own ed25519 check, given the 32-byte public key the base58 address decodes to. */
function ed25519Verifies(address: string, message: string, signatureBase58: string): boolean {
  const raw = Buffer.from(base58.decode(address))
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' })
  return nodeVerify(null, Buffer.from(message, 'utf8'), key, Buffer.from(base58.decode(signatureBase58)))
}

describe('local EVM signer (secp256k1, EIP-191)', () => {
  it('derives the same EIP-55 address as viem and signs exactly what viem signs', async () => {
    const viemAccount = privateKeyToAccount(KNOWN_KEY)
    const signer = evmLocalSigner(KNOWN_KEY)
    expect(signer.address).toBe(viemAccount.address)
    expect(signer.walletType).toBe('evm')
    // RFC 6979 signatures are deterministic: byte-identical to viem's.
    expect(await signer.signMessage(MESSAGE)).toBe(await viemAccount.signMessage({ message: MESSAGE }))
  })

  it('produces signatures viem verifies and recovers, for generated wallets and non-ASCII text', async () => {
    for (const message of [MESSAGE, 'Börse — login — 1', '']) {
      const { signer, privateKey } = generateEvmWallet()
      expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
      const signature = await signer.signMessage(message) as `0x${string}`
      expect(signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/)
      expect(await verifyMessage({ address: signer.address as `0x${string}`, message, signature })).toBe(true)
      expect(await recoverMessageAddress({ message, signature })).toBe(signer.address)
      expect(evmLocalSigner(privateKey).address).toBe(signer.address)
    }
  })

  it('hashes like EIP-191 personal_sign', () => {
    // keccak256("\x19Ethereum Signed Message:\n5hello"), as every Ethereum library computes it.
    expect(Buffer.from(eip191Hash('hello')).toString('hex')).toBe('50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750')
  })

  it('accepts a key without 0x or as bytes, and refuses a bad one naming the field', () => {
    const bare = evmLocalSigner(KNOWN_KEY.slice(2))
    const bytes = evmLocalSigner(Buffer.from(KNOWN_KEY.slice(2), 'hex'))
    expect(bare.address).toBe(bytes.address)
    for (const bad of ['0x1234', `0x${'0'.repeat(64)}`, `0x${'f'.repeat(64)}`, 'zz'.repeat(32)]) {
      expect(() => evmLocalSigner(bad)).toThrow(ExchangeValidationError)
    }
  })

  it('never shows its private key in JSON', () => {
    expect(JSON.stringify(evmLocalSigner(KNOWN_KEY))).not.toContain(KNOWN_KEY.slice(2))
  })
})

describe('local Solana signer (ed25519, base58)', () => {
  it('signs UTF-8 bytes; node:crypto verifies the base58 signature against the base58 address', async () => {
    const { signer, privateKey } = generateSolanaWallet()
    expect(signer.walletType).toBe('solana')
    expect(base58.decode(signer.address)).toHaveLength(32)
    expect(base58.decode(privateKey)).toHaveLength(64)
    for (const message of [MESSAGE, 'Börse — login — 1']) {
      const signature = await signer.signMessage(message)
      expect(base58.decode(signature)).toHaveLength(64)
      expect(ed25519Verifies(signer.address, message, signature)).toBe(true)
      expect(ed25519Verifies(signer.address, `${message}0`, signature)).toBe(false)
    }
  })

  it('rebuilds the same wallet from its 64-byte keypair or its 32-byte seed', async () => {
    const { signer, privateKey } = generateSolanaWallet()
    const keypair = base58.decode(privateKey)
    expect(solanaLocalSigner(privateKey).address).toBe(signer.address)
    expect(solanaLocalSigner(keypair.subarray(0, 32)).address).toBe(signer.address)
    expect(await solanaLocalSigner(keypair).signMessage(MESSAGE)).toBe(await signer.signMessage(MESSAGE))
  })

  it('refuses a keypair whose public half does not match, or a wrong size', () => {
    const a = base58.decode(generateSolanaWallet().privateKey)
    const b = base58.decode(generateSolanaWallet().privateKey)
    const mixed = new Uint8Array([...a.subarray(0, 32), ...b.subarray(32)])
    expect(() => solanaLocalSigner(mixed)).toThrow(/public half/)
    expect(() => solanaLocalSigner(new Uint8Array(16))).toThrow(ExchangeValidationError)
    expect(() => solanaLocalSigner('0OIl')).toThrow(ExchangeValidationError)
  })
})
