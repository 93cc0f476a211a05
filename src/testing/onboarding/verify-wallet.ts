import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { eip191Hash, evmAddressOf } from '../../onboarding/eip191.ts'
import { EVM_ADDRESS } from '../../onboarding/signers/evm.ts'
import { isSolanaAddress } from '../../onboarding/signers/solana.ts'
import type { WalletType } from '../accounts.ts'

/** r|s|v exactly: the exchange verifies EOA signatures only, not contract-wallet ones. */
const EVM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/

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

function verifyPersonalSign(address: string, message: string, signature: string): boolean {
  if (!EVM_SIGNATURE.test(signature)) return false
  const sig = hexToBytes(signature.slice(2))
  const v = sig[64]!
  const recovery = v >= 27 ? v - 27 : v
  if (recovery > 1) return false
  // Ethereum orders the signature r|s|v; noble's recovered format wants the recovery byte first.
  const nobleSig = concatBytes(Uint8Array.of(recovery), sig.subarray(0, 64))
  const publicKey = secp256k1.recoverPublicKey(nobleSig, eip191Hash(message), { prehash: false })
  return evmAddressOf(publicKey) === address.toLowerCase()
}

/** ed25519 over the message's UTF-8 bytes; signature and address (the public key) in base58. */
function verifySolana(address: string, message: string, signature: string): boolean {
  const publicKey = base58.decode(address)
  const sig = base58.decode(signature)
  if (publicKey.length !== 32 || sig.length !== 64) return false
  return ed25519.verify(sig, utf8ToBytes(message), publicKey, { zip215: false })
}
