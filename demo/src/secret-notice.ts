import { h } from './dom.ts'

export interface IssuedKey {
  apiKey: string
  secretKey: string
}

/**
 * The new key and its secret, with the warning that the secret is shown this once. "Hide" takes
 * the secret out of the page for good.
 */
export function secretNotice(key: IssuedKey, title: string, onHide: () => void): HTMLElement {
  const copy = (text: string) => () => void navigator.clipboard?.writeText(text).catch(() => undefined)
  const element = h('section', { class: 'card secret', 'data-test': 'secret-notice', role: 'alert' },
    h('h2', {}, title),
    h('p', { class: 'warning', 'data-test': 'shown-once' },
      h('strong', {}, 'Shown once. '),
      'The exchange will never show this secret again. Copy it now if you need it outside this browser. '
        + 'This page keeps it only as a non-extractable key in IndexedDB: scripts can sign with it but cannot read it back.'),
    h('dl', {},
      h('dt', {}, 'API key'),
      h('dd', {}, h('code', { 'data-test': 'api-key' }, key.apiKey), h('button', { class: 'link', type: 'button', onClick: copy(key.apiKey) }, 'Copy')),
      h('dt', {}, 'Secret key'),
      h('dd', {}, h('code', { 'data-test': 'secret-key' }, key.secretKey), h('button', { class: 'link', type: 'button', onClick: copy(key.secretKey) }, 'Copy'))),
    h('button', { class: 'secondary', type: 'button', 'data-test': 'hide-secret', onClick: () => { element.remove(); onHide() } }, 'I have saved it — hide the secret'))
  return element
}
