import { card, fill, h } from './dom.ts'
import { shortAddress } from './format.ts'

export type WalletChoice = 'injected' | 'test-evm' | 'test-solana'

export interface WalletPanelOptions {
  /** The browser has an EIP-1193 wallet (`window.ethereum`). */
  injectedWallet: boolean
  onConnect(choice: WalletChoice): void
  onSign(): void
}

export interface WalletPanel {
  element: HTMLElement
  connected(address: string, description: string): void
  /** The login message: a preview before signing, then the exact text the wallet signed. */
  message(text: string, state: 'preview' | 'signing' | 'signed'): void
  /** The key exists: nothing left to sign. */
  finished(): void
  busy(on: boolean): void
}

const MESSAGE_LABEL = {
  preview: 'Your wallet will be asked to sign this message (the time is the exchange\'s clock):',
  signing: 'Waiting for your wallet to sign exactly this message…',
  signed: 'Signed message:',
} as const

/** Step 1: connect a wallet, see the login message, sign it to get an API key. */
export function walletPanel(options: WalletPanelOptions): WalletPanel {
  const connectButtons = h('div', { class: 'actions' },
    options.injectedWallet && h('button', { class: 'primary', type: 'button', 'data-test': 'connect-injected', onClick: () => options.onConnect('injected') }, 'Connect browser wallet'),
    h('button', { class: options.injectedWallet ? 'secondary' : 'primary', type: 'button', 'data-test': 'connect-test', onClick: () => options.onConnect('test-evm') }, 'Use a test wallet (EVM)'),
    h('button', { class: 'secondary', type: 'button', 'data-test': 'connect-test-solana', onClick: () => options.onConnect('test-solana') }, 'Test wallet (Solana)'))
  const intro = h('p', { class: 'muted' },
    options.injectedWallet
      ? 'Sign one message with your wallet to create an API key. No transaction, no gas.'
      : 'No browser wallet found, so the page can create a throw-away test wallet. It signs exactly as a real wallet would.')
  const account = h('p', { class: 'account', hidden: true, 'data-test': 'wallet-address' })
  const messageLabel = h('p', { class: 'muted' })
  const messageText = h('pre', { class: 'message', 'data-test': 'login-message' })
  const messageBox = h('div', { hidden: true }, messageLabel, messageText)
  const signButton = h('button', { class: 'primary', type: 'button', hidden: true, 'data-test': 'sign', onClick: () => options.onSign() }, 'Sign & create API key')
  const element = card('1 · Connect a wallet', 'wallet-panel', intro, connectButtons, account, messageBox, signButton)

  return {
    element,
    connected(address, description) {
      fill(account, h('span', { class: 'badge' }, description), ' ', h('code', { title: address }, shortAddress(address)))
      account.hidden = false
      connectButtons.hidden = true
      signButton.hidden = false
    },
    message(text, state) {
      messageLabel.textContent = MESSAGE_LABEL[state]
      messageText.textContent = text
      messageBox.hidden = false
      messageBox.dataset.state = state
    },
    finished() {
      signButton.hidden = true
    },
    busy(on) {
      for (const button of element.querySelectorAll('button')) button.disabled = on
    },
  }
}
