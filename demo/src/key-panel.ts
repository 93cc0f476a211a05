import { card, fill, h } from './dom.ts'
import { formatDateTime, shortAddress } from './format.ts'
import { notice, type Notice } from './notice.ts'

export interface KeyView {
  apiKey: string
  accountId: string
  walletAddress: string | null
  permissions: { canRead: boolean; canTrade: boolean; canWithdraw: boolean }
  expiresAt: number | null
  usageCount?: number
  lastUsedAt?: number | null
  status?: string
}

export type KeyOrigin = 'new' | 'restored' | 'rotated' | 'proxy'

export interface KeyPanelOptions {
  onRotate(): void
  onForget(): void
}

export interface KeyPanel {
  element: HTMLElement
  /** Outcomes of rotating and forgetting. */
  notice: Notice
  show(key: KeyView, origin: KeyOrigin): void
  /** The key's live counters (requests signed, last use), as a watch of getKeyInfo reports them. */
  counters(key: Pick<KeyView, 'usageCount' | 'lastUsedAt'>): void
  busy(on: boolean): void
}

const ORIGIN: Record<KeyOrigin, string> = {
  new: 'Created just now and stored in this browser.',
  restored: 'Restored from this browser\'s credential store.',
  rotated: 'Secret rotated; the new one is stored in this browser.',
  proxy: 'Held by the demo server, whose signing proxy signs each call: this page holds no secret.',
}

/** Step 2: the key the page signs with, as getKeyInfo reports it. */
export function keyPanel(options: KeyPanelOptions): KeyPanel {
  const origin = h('p', { class: 'muted', 'data-test': 'key-origin' })
  const details = h('dl', { 'data-test': 'key-details' })
  const rotate = h('button', { class: 'secondary', type: 'button', 'data-test': 'rotate', onClick: () => options.onRotate() }, 'Rotate secret')
  const forget = h('button', { class: 'link danger', type: 'button', 'data-test': 'forget', onClick: () => options.onForget() }, 'Forget this key')
  const usage = h('dd', { 'data-test': 'key-usage' }, '—')
  const lastUsed = h('dd', { 'data-test': 'key-last-used' }, '—')
  const status = notice('API key')
  const element = card('2 · Your API key', 'key-panel', origin, details, h('div', { class: 'actions' }, rotate, forget), status.element)
  element.hidden = true
  const counters = (key: Pick<KeyView, 'usageCount' | 'lastUsedAt'>) => {
    usage.textContent = key.usageCount === undefined ? '—' : String(key.usageCount)
    lastUsed.textContent = key.lastUsedAt ? formatDateTime(key.lastUsedAt) : '—'
  }

  return {
    element,
    notice: status,
    show(key, from) {
      origin.textContent = ORIGIN[from]
      // The server's key is not this page's to rotate or forget.
      rotate.hidden = forget.hidden = from === 'proxy'
      const granted = (['canRead', 'canTrade', 'canWithdraw'] as const)
        .map((name) => h('span', { class: `pill ${key.permissions[name] ? 'on' : 'off'}`, 'data-test': `perm-${name}` }, `${key.permissions[name] ? '✓' : '✗'} ${name.slice(3).toLowerCase()}`))
      fill(details,
        h('dt', {}, 'API key'), h('dd', {}, h('code', { 'data-test': 'key-api-key' }, from === 'proxy' ? key.apiKey : `${key.apiKey.slice(0, 12)}…`)),
        h('dt', {}, 'Account'), h('dd', { 'data-test': 'key-account' }, key.accountId),
        h('dt', {}, 'Wallet'), h('dd', {}, key.walletAddress ? h('code', { title: key.walletAddress }, shortAddress(key.walletAddress)) : '—'),
        h('dt', {}, 'Permissions'), h('dd', { class: 'pills' }, ...granted),
        h('dt', {}, 'Expires'), h('dd', { 'data-test': 'key-expires' }, formatDateTime(key.expiresAt)),
        h('dt', {}, 'Requests signed'), usage,
        h('dt', {}, 'Last used'), lastUsed)
      counters(key)
      element.hidden = false
    },
    counters,
    busy(on) {
      rotate.disabled = on
      forget.disabled = on
    },
  }
}
