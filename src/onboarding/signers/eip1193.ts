import { SigningFailedError } from '../../errors.ts'
import { evmSigner, utf8Hex } from './evm.ts'
import { walletCall } from './rejection.ts'
import type { WalletSigner } from './types.ts'

/** `window.ethereum`, a WalletConnect provider, or anything else speaking EIP-1193. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>
}

/**
 * Asks the wallet for its accounts (`eth_requestAccounts`: the connect prompt), then signs with
 * `personal_sign`. `address` picks one of several accounts; default the first.
 */
export async function eip1193Signer(provider: Eip1193Provider, options: { address?: string } = {}): Promise<WalletSigner> {
  if (typeof provider?.request !== 'function') {
    throw new SigningFailedError('The EIP-1193 provider has no request() method')
  }
  const accounts = await walletCall(undefined, 'connect the wallet', () => provider.request({ method: 'eth_requestAccounts' }))
  if (!Array.isArray(accounts) || accounts.length === 0) {
    throw new SigningFailedError('The wallet connected but shared no account')
  }
  const wanted = options.address?.toLowerCase()
  const address = wanted === undefined ? accounts[0] : accounts.find((account) => String(account).toLowerCase() === wanted)
  if (address === undefined) throw new SigningFailedError(`The wallet did not share the account ${options.address}`)
  return evmSigner(address as string, (message) => provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] }))
}
