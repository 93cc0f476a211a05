import { h } from './dom.ts'
import type { ErrorView } from './errors.ts'

export interface Notices {
  element: HTMLElement
  error(view: ErrorView): void
  success(text: string): void
}

/** The page's message strip: the latest few outcomes, newest first; errors carry their code. */
export function notices(keep = 3): Notices {
  const element = h('div', { class: 'notices', role: 'status', 'aria-live': 'polite', 'data-test': 'notices' })
  const show = (notice: HTMLElement) => {
    element.prepend(notice)
    while (element.children.length > keep) element.lastElementChild!.remove()
  }
  return {
    element,
    error(view) {
      show(h('div', { class: 'notice error', 'data-test': 'error' },
        h('strong', {}, view.summary), ' ',
        h('code', { class: 'code', 'data-test': 'error-code' }, view.code),
        h('details', {}, h('summary', {}, 'Details'), h('p', {}, view.detail)),
        h('button', { class: 'link', type: 'button', 'aria-label': 'Dismiss', onClick: (event) => (event.currentTarget as Element).parentElement?.remove() }, '×')))
    },
    success(text) {
      show(h('div', { class: 'notice success', 'data-test': 'success' }, text))
    },
  }
}
