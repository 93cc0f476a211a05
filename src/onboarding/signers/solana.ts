import { base58 } from '@scure/base'
import { SigningFailedError } from '../../errors.ts'
import { walletCall } from './rejection.ts'
import type { WalletSigner } from './types.ts'

type SolanaPublicKey = { toBase58(): string } | { toBytes(): Uint8Array } | Uint8Array | string

/**
 * A Solana wallet: Phantom's `window.solana`, a wallet-adapter wallet, a wallet-standard bridge …
 * `connect()` is called when no public key is known yet.
 */
export interface SolanaWalletLike {
  publicKey?: SolanaPublicKey | null
  connect?(): Promise<{ publicKey?: SolanaPublicKey | null } | void>
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<Uint8Array | { signature: Uint8Array }>
}

function toAddress(key: SolanaPublicKey | null | undefined): string {
  let address: unknown = key
  if (key instanceof Uint8Array) address = key.length === 32 ? base58.encode(key) : undefined
  else if (key && typeof key === 'object') address = 'toBase58' in key ? key.toBase58() : base58.encode(key.toBytes())
  if (typeof address !== 'string' || !isSolanaAddress(address)) throw new SigningFailedError('The Solana wallet gave no public key')
  return address
}

export function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}

/** Signs the login message's UTF-8 bytes with ed25519; the signature goes out in base58. */
export async function solanaSigner(wallet: SolanaWalletLike): Promise<WalletSigner> {
  if (typeof wallet?.signMessage !== 'function') throw new SigningFailedError('The Solana wallet has no signMessage()')
  let key = wallet.publicKey
  if (!key && typeof wallet.connect === 'function') {
    const connected = await walletCall(undefined, 'connect the wallet', async () => wallet.connect!())
    key = (connected && connected.publicKey) || wallet.publicKey
  }
  const address = toAddress(key)
  return {
    address,
    walletType: 'solana',
    signMessage: (message) =>
      walletCall(address, 'sign the login message', async () => {
        const result = await wallet.signMessage(new TextEncoder().encode(message), 'utf8')
        const signature = result instanceof Uint8Array ? result : result?.signature
        if (!(signature instanceof Uint8Array) || signature.length !== 64) {
          throw new SigningFailedError('The Solana wallet answered with something that is not a 64-byte signature')
        }
        return base58.encode(signature)
      }),
  }
}
