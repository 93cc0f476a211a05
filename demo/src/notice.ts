import { h } from './dom.ts'
import type { ErrorView } from './errors.ts'

/** What the reader can do about a message: a button (try again) or a link (get a wallet). */
export type NoticeAction = { label: string; onClick(): void } | { label: string; href: string }

export interface Notice {
  /** Sits next to the controls whose outcomes it reports; screen readers announce each change. */
  element: HTMLElement
  pending(text: string): void
  success(text: string): void
  error(view: ErrorView, action?: NoticeAction): void
  clear(): void
}

function actionElement(action: NoticeAction): HTMLElement {
  if ('href' in action) return h('a', { href: action.href, target: '_blank', rel: 'noopener noreferrer', 'data-test': 'notice-link' }, action.label)
  return h('button', { class: 'secondary small', type: 'button', 'data-test': 'try-again', onClick: action.onClick }, action.label)
}

/** Every notice made, to clear the stale successes of the others when a later event is shown. */
const regions = new Set<HTMLElement>()

/**
 * A later event (an action started or done) supersedes what the page's other notices said went well:
 * "Order cancelled." is stale once an order has filled since. Their errors stay until dealt with.
 */
function supersedeOthers(current: HTMLElement): void {
  for (const region of regions) {
    if (region !== current && region.isConnected && region.querySelector('[data-test="success"]')) region.replaceChildren()
  }
}

/**
 * One action's message region, placed beside the action's control so the reader sees the outcome where
 * they are: the latest outcome only, so a success replaces the error it follows, and a later event
 * elsewhere on the page clears a success it supersedes.
 */
export function notice(label: string): Notice {
  const element = h('div', { class: 'notice-slot', role: 'status', 'aria-live': 'polite', 'aria-label': label, 'data-test': 'notice' })
  regions.add(element)
  const show = (message: HTMLElement | undefined) => element.replaceChildren(...(message ? [message] : []))
  return {
    element,
    pending(text) {
      supersedeOthers(element)
      show(h('p', { class: 'notice pending', 'data-test': 'pending' }, text))
    },
    success(text) {
      supersedeOthers(element)
      show(h('p', { class: 'notice success', 'data-test': 'success' }, text))
    },
    error(view, action) {
      show(h('div', { class: 'notice error', 'data-test': 'error' },
        h('p', {}, h('strong', { 'data-test': 'error-summary' }, view.summary), ' ', h('code', { class: 'code', 'data-test': 'error-code' }, view.code)),
        h('p', { class: 'detail' }, view.detail),
        action && actionElement(action)))
    },
    clear() {
      show(undefined)
    },
  }
}
