import { toHex } from '../../auth/signer.ts'
import { SigningFailedError } from '../../errors.ts'
import { walletCall } from './rejection.ts'
import type { WalletSigner } from './types.ts'

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** 65 bytes r|s|v as most wallets give; longer ones come from contract wallets (ERC-1271/6492). */
const EVM_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){65,}$/

function assertEvmAddress(address: unknown): string {
  if (typeof address !== 'string' || !EVM_ADDRESS.test(address)) {
    throw new SigningFailedError(`The wallet gave no EVM address (0x and 40 hex characters); got ${typeof address === 'string' ? JSON.stringify(address.slice(0, 50)) : typeof address}`)
  }
  return address
}

/** The message as `personal_sign` wants it: its UTF-8 bytes in 0x-hex. */
export function utf8Hex(message: string): string {
  return `0x${toHex(new TextEncoder().encode(message))}`
}

/** An EVM signer from an address and a function producing an EIP-191 signature. */
export function evmSigner(address: string, sign: (message: string) => Promise<unknown>): WalletSigner {
  assertEvmAddress(address)
  return {
    address,
    walletType: 'evm',
    signMessage: (message) =>
      walletCall(address, 'sign the login message', async () => {
        const signature = await sign(message)
        if (typeof signature !== 'string' || !EVM_SIGNATURE.test(signature)) {
          throw new SigningFailedError('The wallet answered with something that is not a 0x-hex signature')
        }
        return signature
      }),
  }
}
