/**
 * The EVM side of wallet logins, shared by the local signer (which signs) and the reference
 * exchange (which verifies): the `personal_sign` digest and the address of a public key.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'

/** The EIP-191 digest `personal_sign` signs: keccak256("\x19Ethereum Signed Message:\n" + length + message). */
export function eip191Hash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
}

/** The address of a compressed or uncompressed secp256k1 public key, in lowercase 0x-hex. */
export function evmAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`
}
