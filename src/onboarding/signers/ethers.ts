import { SigningFailedError } from '../../errors.ts'
import { evmSigner } from './evm.ts'
import { walletCall } from './rejection.ts'
import type { WalletSigner } from './types.ts'

/** An ethers Signer (`Wallet`, `JsonRpcSigner` …): `getAddress()` and `signMessage(message)`. */
export interface EthersSignerLike {
  address?: string
  getAddress(): Promise<string>
  signMessage(message: string): Promise<string>
}

/** A signer from an ethers signer, without depending on ethers. */
export async function ethersSigner(signer: EthersSignerLike): Promise<WalletSigner> {
  if (typeof signer?.signMessage !== 'function') throw new SigningFailedError('The ethers signer has no signMessage()')
  const address = typeof signer.address === 'string'
    ? signer.address
    : await walletCall(undefined, 'connect the wallet', () => signer.getAddress())
  return evmSigner(address, (message) => signer.signMessage(message))
}
