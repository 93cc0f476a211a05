/** A tiny element builder: the demo needs no framework. */
export type Child = Node | string | number | false | null | undefined
type Listener = (event: Event) => void
export type Props = Record<string, string | number | boolean | undefined | Listener>

/** `h('button', { class: 'primary', onClick }, 'Sign')`. `on*` props are listeners; `false`/`undefined` are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  append(element, children)
  return element
}

function append(parent: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    parent.append(typeof child === 'number' ? String(child) : child)
  }
}

/** Replaces an element's content. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren()
  append(parent, children)
}

/** A card: a titled section of the page. */
export function card(title: string, test: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'card', 'data-test': test }, h('h2', {}, title), ...children)
}

export interface TableOptions {
  /** Columns of numbers: right-aligned, so digits line up. */
  numeric?: readonly number[]
  /** Columns left out on narrow screens. */
  optional?: readonly number[]
  /** `data-test` of each body row. */
  rowTest?: string
}

/** A table from a header row and rows of cells; `empty` shows when there are no rows. */
export function table(headers: readonly string[], rows: readonly Child[][], empty: string, options: TableOptions = {}): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'empty' }, empty)
  const cellClass = (column: number) =>
    [options.numeric?.includes(column) && 'num', options.optional?.includes(column) && 'opt'].filter(Boolean).join(' ') || undefined
  return h(
    'table',
    {},
    h('thead', {}, h('tr', {}, ...headers.map((header, column) => h('th', { scope: 'col', class: cellClass(column) }, header)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', { 'data-test': options.rowTest }, ...cells.map((cell, column) => h('td', { class: cellClass(column) }, cell))))),
  )
}
