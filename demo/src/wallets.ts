// The wallets a page can find: an EIP-1193 provider (`window.ethereum`) and a Solana wallet exposing
// `signMessage` (Phantom's `window.phantom.solana` or `window.solana`). Looked up when the user
// clicks, since extensions inject them after the page has loaded.
import { eip1193Signer, solanaSigner, type Eip1193Provider, type SolanaWalletLike, type WalletSigner } from 'exchange-client'
import { generateEvmWallet, generateSolanaWallet } from 'exchange-client/local-signer'
import type { ErrorView } from './errors.ts'
import type { WalletChoice } from './wallet-panel.ts'

interface WalletWindow {
  ethereum?: Eip1193Provider
  solana?: Partial<SolanaWalletLike>
  phantom?: { solana?: Partial<SolanaWalletLike> }
}

/** A wallet the browser does not have: what to say, and where to get one. */
export class WalletMissing extends Error {
  readonly view: ErrorView
  readonly link: { label: string; href: string }
  constructor(view: ErrorView, link: { label: string; href: string }) {
    super(view.summary)
    this.view = view
    this.link = link
  }
}

const MISSING = {
  injected: new WalletMissing(
    { summary: 'No EVM wallet is installed in this browser.', code: 'wallet-missing', detail: 'Install one (MetaMask, Rabby, Coinbase Wallet …) and reload the page, or use a test wallet.' },
    { label: 'Find an EVM wallet', href: 'https://ethereum.org/en/wallets/find-wallet/' }),
  solana: new WalletMissing(
    { summary: 'No Solana wallet is installed in this browser.', code: 'wallet-missing', detail: 'Install one that can sign messages (Phantom, Solflare, Backpack …) and reload the page, or use a test wallet.' },
    { label: 'Get Phantom', href: 'https://phantom.com/download' }),
}

export interface ChosenWallet {
  signer: WalletSigner
  label: string
}

export async function chooseWallet(choice: WalletChoice, page: WalletWindow = window as WalletWindow): Promise<ChosenWallet> {
  switch (choice) {
    case 'injected': {
      if (!page.ethereum) throw MISSING.injected
      return { signer: await eip1193Signer(page.ethereum), label: 'EVM wallet' }
    }
    case 'solana': {
      const wallet = page.phantom?.solana ?? page.solana
      if (typeof wallet?.signMessage !== 'function') throw MISSING.solana
      return { signer: await solanaSigner(wallet as SolanaWalletLike), label: 'Solana wallet' }
    }
    case 'test-evm':
      return { signer: generateEvmWallet().signer, label: 'Test wallet · EVM' }
    case 'test-solana':
      return { signer: generateSolanaWallet().signer, label: 'Test wallet · SOLANA' }
  }
}
