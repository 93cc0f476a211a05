// Test wallets that sign the onboarding login message as real ones do (EIP-191 personal_sign for
// EVM, ed25519 + base58 for Solana), built from @noble primitives.
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'

export interface TestWallet {
  walletType: 'evm' | 'solana'
  walletAddress: string
  sign(message: string): string
}

export function evmWallet(secretKey = secp256k1.utils.randomSecretKey()): TestWallet {
  const publicKey = secp256k1.getPublicKey(secretKey, false)
  const walletAddress = `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`
  return {
    walletType: 'evm',
    walletAddress,
    sign(message) {
      const bytes = utf8ToBytes(message)
      const hash = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
      // noble gives recovery|r|s; Ethereum sends r|s|v with v = 27 + recovery.
      const recovered = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' })
      return `0x${bytesToHex(concatBytes(recovered.subarray(1), Uint8Array.of(27 + recovered[0]!)))}`
    },
  }
}

export function solanaWallet(): TestWallet {
  const { secretKey, publicKey } = ed25519.keygen()
  return {
    walletType: 'solana',
    walletAddress: base58.encode(publicKey),
    sign: (message) => base58.encode(ed25519.sign(utf8ToBytes(message), secretKey)),
  }
}

let lastStamp = 0
/** Now, but never the same value twice: a login message mints one key, once, so each needs its own timestamp. */
function freshTimestamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return lastStamp
}

/** The onboarding body for a wallet, signed over `<serviceName> - login - <timestamp>`. */
export function onboardBody(wallet: TestWallet, timestamp = freshTimestamp(), serviceName = '1024 Exchange') {
  const message = `${serviceName} - login - ${timestamp}`
  return { walletAddress: wallet.walletAddress, walletType: wallet.walletType, message, signature: wallet.sign(message), timestamp }
}
