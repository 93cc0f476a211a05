// Wallet signatures over the login message, verified with @noble (secp256k1, ed25519, keccak) and
// @scure/base (base58): EIP-191 personal_sign for EVM wallets, ed25519 for Solana ones.
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import type { WalletType } from '../accounts.ts'

/** `0x` and 40 hex characters, any case (a checksum's mixed case is accepted, not required). */
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** r|s|v exactly: the exchange verifies EOA signatures only, not contract-wallet ones. */
const EVM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/

/** A Solana address is a base58 ed25519 public key: 32 bytes. */
function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}

/** Whether the address is well formed for its wallet type (an EVM 0x address, a base58 ed25519 key). */
export function isWalletAddress(type: WalletType, address: string): boolean {
  return type === 'evm' ? EVM_ADDRESS.test(address) : isSolanaAddress(address)
}

/** Whether `signature` is the wallet's signature over the UTF-8 message. Malformed input is simply false. */
export function verifyWalletSignature(type: WalletType, address: string, message: string, signature: string): boolean {
  try {
    return type === 'evm' ? verifyPersonalSign(address, message, signature) : verifySolana(address, message, signature)
  } catch {
    return false
  }
}

/** EIP-191 version 0x45: keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
}

/** The last 20 bytes of keccak256 of the uncompressed public key (without its 0x04 prefix), as lowercase hex. */
function evmAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`
}

function verifyPersonalSign(address: string, message: string, signature: string): boolean {
  if (!EVM_SIGNATURE.test(signature)) return false
  const sig = hexToBytes(signature.slice(2))
  const v = sig[64]!
  const recovery = v >= 27 ? v - 27 : v
  if (recovery > 1) return false
  // Ethereum orders the signature r|s|v; noble's recovered format wants the recovery byte first.
  const nobleSig = concatBytes(Uint8Array.of(recovery), sig.subarray(0, 64))
  const publicKey = secp256k1.recoverPublicKey(nobleSig, personalMessageHash(message), { prehash: false })
  return evmAddressOf(publicKey) === address.toLowerCase()
}

/** ed25519 over the message's UTF-8 bytes; signature and address (the public key) in base58. */
function verifySolana(address: string, message: string, signature: string): boolean {
  const publicKey = base58.decode(address)
  const sig = base58.decode(signature)
  if (publicKey.length !== 32 || sig.length !== 64) return false
  return ed25519.verify(sig, utf8ToBytes(message), publicKey, { zip215: false })
}
