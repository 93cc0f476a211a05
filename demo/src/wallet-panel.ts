import { card, fill, h } from './dom.ts'
import { shortAddress } from './format.ts'
import { notice, type Notice } from './notice.ts'

export type WalletChoice = 'injected' | 'solana' | 'test-evm' | 'test-solana'

export interface WalletPanelOptions {
  onConnect(choice: WalletChoice): void
}

export interface WalletPanel {
  element: HTMLElement
  /** Outcomes of connecting and signing. */
  notice: Notice
  connected(address: string, description: string): void
  /**
   * Shows the exact text the wallet is about to be asked to sign, and resolves when the user
   * chooses to sign it; rejects when `reset` comes first.
   */
  review(message: string): Promise<void>
  /** The message as the wallet is signing it, then as signed. */
  message(text: string, state: 'signing' | 'signed'): void
  /** Back to the wallet choice (after a failure, or to pick another wallet). */
  reset(): void
  /** The key exists: nothing left to sign. */
  finished(): void
  busy(on: boolean): void
}

const MESSAGE_LABEL = {
  review: 'Your wallet will be asked to sign exactly this message (the time is the exchange\'s clock):',
  signing: 'Waiting for your wallet to sign exactly this message…',
  signed: 'Signed message:',
} as const

/** Step 1: connect a wallet, read the login message, sign it to get an API key. */
export function walletPanel(options: WalletPanelOptions): WalletPanel {
  let pending: { resolve(): void; reject(reason: Error): void } | undefined
  const button = (choice: WalletChoice, test: string, label: string, kind: string) =>
    h('button', { class: kind, type: 'button', 'data-test': test, onClick: () => options.onConnect(choice) }, label)
  const connectButtons = h('div', { class: 'wallet-choices' },
    h('div', { class: 'actions' },
      button('injected', 'connect-injected', 'Connect EVM wallet', 'primary'),
      button('solana', 'connect-solana', 'Connect Solana wallet', 'primary')),
    h('p', { class: 'muted small-print' }, 'No wallet? The page can make a throw-away one that signs exactly as a real wallet would:'),
    h('div', { class: 'actions' },
      button('test-evm', 'connect-test', 'Test wallet (EVM)', 'secondary'),
      button('test-solana', 'connect-test-solana', 'Test wallet (Solana)', 'secondary')))
  const intro = h('p', { class: 'muted' }, 'Sign one message with your wallet to create an API key. No transaction, no gas.')
  const account = h('p', { class: 'account', hidden: true, 'data-test': 'wallet-address' })
  const messageLabel = h('p', { class: 'muted', id: 'login-message-label' })
  const messageText = h('pre', { class: 'message', 'data-test': 'login-message', 'aria-labelledby': 'login-message-label' })
  const messageBox = h('div', { hidden: true }, messageLabel, messageText)
  const signButton = h('button', { class: 'primary', type: 'button', hidden: true, 'data-test': 'sign' }, 'Sign with wallet & create API key')
  const status = notice('Wallet')
  const element = card('1 · Connect a wallet', 'wallet-panel', intro, connectButtons, account, messageBox, signButton, status.element)
  signButton.addEventListener('click', () => {
    const waiting = pending
    pending = undefined
    signButton.hidden = true
    waiting?.resolve()
  })
  const showMessage = (text: string, state: keyof typeof MESSAGE_LABEL) => {
    messageLabel.textContent = MESSAGE_LABEL[state]
    messageText.textContent = text
    messageBox.hidden = false
    messageBox.dataset.state = state
  }

  return {
    element,
    notice: status,
    connected(address, description) {
      fill(account, h('span', { class: 'badge' }, description), ' ', h('code', { title: address }, shortAddress(address)))
      account.hidden = false
      connectButtons.hidden = true
    },
    review(message) {
      pending?.reject(new Error('replaced by a newer login message'))
      showMessage(message, 'review')
      signButton.hidden = false
      signButton.disabled = false
      signButton.focus()
      return new Promise<void>((resolve, reject) => {
        pending = { resolve, reject }
      })
    },
    message: showMessage,
    reset() {
      pending?.reject(new Error('the login was abandoned'))
      pending = undefined
      signButton.hidden = true
      messageBox.hidden = true
      account.hidden = true
      connectButtons.hidden = false
    },
    finished() {
      signButton.hidden = true
    },
    busy(on) {
      for (const control of connectButtons.querySelectorAll('button')) control.disabled = on
    },
  }
}
