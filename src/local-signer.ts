/**
 * Wallet signers from private keys held in this process, for headless bots and tests. A separate
 * entry (`exchange-client/local-signer`) so the main bundle carries no curve code. The curves are
 * @noble's audited implementations.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { eip191Hash, evmAddressOf } from './onboarding/eip191.ts'
import { evmSigner } from './onboarding/signers/evm.ts'
import type { WalletSigner } from './onboarding/signers/types.ts'
import { ExchangeValidationError } from './errors.ts'

export type { WalletSigner } from './onboarding/signers/types.ts'
export { eip191Hash } from './onboarding/eip191.ts'

/** A new key pair. Keep `privateKey` secret: it is the wallet. */
export interface LocalWallet {
  signer: WalletSigner
  /** EVM: 0x + 64 hex. Solana: base58 of the 64-byte keypair (seed then public key), as Solana wallets export it. */
  privateKey: string
}

/** The EIP-55 mixed-case form of the public key's address (wallets show and compare it so). */
function evmAddress(publicKey: Uint8Array): string {
  const hex = evmAddressOf(publicKey).slice(2)
  const checksum = bytesToHex(keccak_256(utf8ToBytes(hex)))
  let address = '0x'
  for (let i = 0; i < hex.length; i++) address += Number.parseInt(checksum[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]
  return address
}

function evmPrivateKeyBytes(privateKey: string | Uint8Array): Uint8Array {
  let bytes: Uint8Array | undefined
  if (privateKey instanceof Uint8Array) bytes = privateKey
  else if (typeof privateKey === 'string' && /^(0x)?[0-9a-fA-F]{64}$/.test(privateKey)) bytes = hexToBytes(privateKey.replace(/^0x/, ''))
  if (!bytes || !secp256k1.utils.isValidSecretKey(bytes)) {
    throw new ExchangeValidationError('privateKey', 'format', 'privateKey must be 32 bytes (64 hex characters, 0x optional) and a valid secp256k1 key')
  }
  return Uint8Array.from(bytes)
}

/** EIP-191 `personal_sign` with a secp256k1 private key: what MetaMask would sign, without MetaMask. */
export function evmLocalSigner(privateKey: string | Uint8Array): WalletSigner {
  const secret = evmPrivateKeyBytes(privateKey)
  return evmSigner(evmAddress(secp256k1.getPublicKey(secret)), async (message) => {
    // noble's recovered format is v|r|s with v in {0,1}; Ethereum's is r|s|v with v in {27,28}.
    const recovered = secp256k1.sign(eip191Hash(message), secret, { prehash: false, format: 'recovered' })
    return `0x${bytesToHex(recovered.subarray(1))}${(27 + recovered[0]!).toString(16)}`
  })
}

function solanaSeed(secretKey: string | Uint8Array): Uint8Array {
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof secretKey === 'string' ? base58.decode(secretKey) : secretKey
  } catch {
    bytes = undefined
  }
  if (!(bytes instanceof Uint8Array) || (bytes.length !== 32 && bytes.length !== 64)) {
    throw new ExchangeValidationError('secretKey', 'format', 'secretKey must be a 32-byte ed25519 seed or a 64-byte Solana keypair (bytes or base58)')
  }
  const seed = Uint8Array.from(bytes.subarray(0, 32))
  if (bytes.length === 64 && bytesToHex(ed25519.getPublicKey(seed)) !== bytesToHex(bytes.subarray(32))) {
    throw new ExchangeValidationError('secretKey', 'mismatch', 'secretKey: the keypair\'s public half does not belong to its seed')
  }
  return seed
}

/** ed25519 over the message's UTF-8 bytes, base58 out: what a Solana wallet's `signMessage` gives. */
export function solanaLocalSigner(secretKey: string | Uint8Array): WalletSigner {
  const seed = solanaSeed(secretKey)
  return {
    address: base58.encode(ed25519.getPublicKey(seed)),
    walletType: 'solana',
    signMessage: async (message) => base58.encode(ed25519.sign(utf8ToBytes(message), seed)),
  }
}

/** A fresh EVM test wallet. */
export function generateEvmWallet(): LocalWallet {
  const secret = secp256k1.utils.randomSecretKey()
  return { signer: evmLocalSigner(secret), privateKey: `0x${bytesToHex(secret)}` }
}

/** A fresh Solana test wallet. */
export function generateSolanaWallet(): LocalWallet {
  const seed = ed25519.utils.randomSecretKey()
  return { signer: solanaLocalSigner(seed), privateKey: base58.encode(concatBytes(seed, ed25519.getPublicKey(seed))) }
}
