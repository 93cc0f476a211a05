import { SigningFailedError } from '../../errors.ts'
import { evmSigner } from './evm.ts'
import { walletCall } from './rejection.ts'
import type { WalletSigner } from './types.ts'

/** viem's local account (`privateKeyToAccount`, `mnemonicToAccount` …): `signMessage({ message })`. */
export interface ViemAccountLike {
  address: string
  signMessage(args: { message: string }): Promise<string>
}

/** viem's WalletClient: signs for its hoisted `account`, or the first of `requestAddresses()`. */
export interface ViemWalletClientLike {
  account?: { address: string } | undefined
  requestAddresses?(): Promise<readonly string[]>
  // Loose on purpose: viem's own parameter type must be assignable to it.
  signMessage(args: { account?: unknown; message: unknown }): Promise<string>
}

/** A signer from a viem account or wallet client, without depending on viem. */
export async function viemSigner(source: ViemAccountLike | ViemWalletClientLike): Promise<WalletSigner> {
  if (typeof source?.signMessage !== 'function') throw new SigningFailedError('The viem account or client has no signMessage()')
  if ('address' in source && typeof source.address === 'string') {
    const account = source as ViemAccountLike
    return evmSigner(account.address, (message) => account.signMessage({ message }))
  }
  const client = source as ViemWalletClientLike
  const account = client.account
    ?? await walletCall(undefined, 'connect the wallet', async () => {
      const [address] = (await client.requestAddresses?.()) ?? []
      if (address === undefined) throw new SigningFailedError('The viem wallet client has no account: create it with { account }')
      return address
    })
  const address = typeof account === 'string' ? account : account.address
  return evmSigner(address, (message) => client.signMessage({ account, message }))
}
