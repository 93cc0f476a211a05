import type { WalletType } from '../../api/keys.ts'

/**
 * What onboarding needs from a wallet: who it is, what kind it is, and a signature over the login
 * message (EVM: `0x`-hex EIP-191 `personal_sign`; Solana: base58 ed25519 over the UTF-8 bytes).
 * The adapters in this folder make one from each kind of wallet; any object of this shape will do.
 */
export interface WalletSigner {
  readonly address: string
  readonly walletType: WalletType
  signMessage(message: string): Promise<string>
}
