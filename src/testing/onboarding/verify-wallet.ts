import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { toHex } from '../../auth/signer.ts'
import type { WalletType } from '../accounts.ts'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const EVM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/

/** Whether the address is well formed for its wallet type (an EVM 0x address, a base58 ed25519 key). */
export function isWalletAddress(type: WalletType, address: string): boolean {
  if (type === 'evm') return EVM_ADDRESS.test(address)
  return decodeBase58(address)?.length === 32
}

/** Whether `signature` is the wallet's signature over the UTF-8 message. Malformed input is simply false. */
export function verifyWalletSignature(type: WalletType, address: string, message: string, signature: string): boolean {
  try {
    return type === 'evm' ? verifyPersonalSign(address, message, signature) : verifySolana(address, message, signature)
  } catch {
    return false
  }
}

function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text)
  } catch {
    return undefined
  }
}

/** EIP-191 personal_sign: keccak-256 of "\x19Ethereum Signed Message:\n" + byte length + message. */
function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
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
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  const recovered = `0x${toHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`
  return recovered === address.toLowerCase()
}

/** ed25519 over the message's UTF-8 bytes; signature and address (the public key) in base58. */
function verifySolana(address: string, message: string, signature: string): boolean {
  const publicKey = decodeBase58(address)
  const sig = decodeBase58(signature)
  if (publicKey?.length !== 32 || sig?.length !== 64) return false
  return ed25519.verify(sig, utf8ToBytes(message), publicKey, { zip215: false })
}
