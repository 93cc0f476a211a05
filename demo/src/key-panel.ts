import { card, fill, h } from './dom.ts'
import { formatDateTime, shortAddress } from './format.ts'

export interface KeyView {
  apiKey: string
  accountId: string
  walletAddress: string | null
  permissions: { canRead: boolean; canTrade: boolean; canWithdraw: boolean }
  expiresAt: number | null
  usageCount?: number
  status?: string
}

export type KeyOrigin = 'new' | 'restored' | 'rotated'

export interface KeyPanelOptions {
  onRotate(): void
  onForget(): void
}

export interface KeyPanel {
  element: HTMLElement
  show(key: KeyView, origin: KeyOrigin): void
  busy(on: boolean): void
}

const ORIGIN: Record<KeyOrigin, string> = {
  new: 'Created just now and stored in this browser.',
  restored: 'Restored from this browser\'s credential store.',
  rotated: 'Secret rotated; the new one is stored in this browser.',
}

/** Step 2: the key the page signs with, as getKeyInfo reports it. */
export function keyPanel(options: KeyPanelOptions): KeyPanel {
  const origin = h('p', { class: 'muted', 'data-test': 'key-origin' })
  const details = h('dl', { 'data-test': 'key-details' })
  const rotate = h('button', { class: 'secondary', type: 'button', 'data-test': 'rotate', onClick: () => options.onRotate() }, 'Rotate secret')
  const forget = h('button', { class: 'link danger', type: 'button', 'data-test': 'forget', onClick: () => options.onForget() }, 'Forget this key')
  const element = card('2 · Your API key', 'key-panel', origin, details, h('div', { class: 'actions' }, rotate, forget))
  element.hidden = true

  return {
    element,
    show(key, from) {
      origin.textContent = ORIGIN[from]
      const granted = (['canRead', 'canTrade', 'canWithdraw'] as const)
        .map((name) => h('span', { class: `pill ${key.permissions[name] ? 'on' : 'off'}`, 'data-test': `perm-${name}` }, `${key.permissions[name] ? '✓' : '✗'} ${name.slice(3).toLowerCase()}`))
      fill(details,
        h('dt', {}, 'API key'), h('dd', {}, h('code', { 'data-test': 'key-api-key' }, `${key.apiKey.slice(0, 12)}…`)),
        h('dt', {}, 'Account'), h('dd', { 'data-test': 'key-account' }, key.accountId),
        h('dt', {}, 'Wallet'), h('dd', {}, key.walletAddress ? h('code', { title: key.walletAddress }, shortAddress(key.walletAddress)) : '—'),
        h('dt', {}, 'Permissions'), h('dd', { class: 'pills' }, ...granted),
        h('dt', {}, 'Expires'), h('dd', { 'data-test': 'key-expires' }, formatDateTime(key.expiresAt)),
        key.usageCount !== undefined && h('dt', {}, 'Requests signed'),
        key.usageCount !== undefined && h('dd', {}, key.usageCount))
      element.hidden = false
    },
    busy(on) {
      rotate.disabled = on
      forget.disabled = on
    },
  }
}
