// The demo's two modes: the page holds a key (wallet onboarding, the default), or `?mode=proxy`, where
// the page holds no secret and the demo server's signing proxy signs each call it allows.
import { h } from './dom.ts'

export type DemoMode = 'key' | 'proxy'

export function demoMode(search = location.search): DemoMode {
  return new URLSearchParams(search).get('mode') === 'proxy' ? 'proxy' : 'key'
}

/** Where the page's client sends calls that need a key in `?mode=proxy`: the proxy's mount point. */
export const PROXY_PATH = '/proxy'

/** The link to the other mode, for the top bar. */
export function modeSwitch(mode: DemoMode): HTMLAnchorElement {
  return mode === 'proxy'
    ? h('a', { class: 'mode-switch', href: '?', 'data-test': 'mode-switch' }, 'Switch to: key in this page (wallet onboarding)')
    : h('a', { class: 'mode-switch', href: '?mode=proxy', 'data-test': 'mode-switch' }, 'Switch to: no secret in this page (signing proxy)')
}

/** What the footer says of where the secret is, in `?mode=proxy`. */
export const PROXY_GUIDANCE = 'This page holds no secret. Every call that needs a key goes to the demo server\'s signing proxy '
  + '(signingProxy from exchange-client/proxy), which lets through only the operations this page uses, checks each input, '
  + 'and signs it with a key the page never sees; the page\'s client is built with signedBy: \'proxy\' instead of a key. '
  + 'Put your site\'s own check of the user (its session) in the proxy\'s authorize hook.'
