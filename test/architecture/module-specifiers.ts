// The module specifiers a TypeScript source names: static imports and re-exports (type-only ones
// too, which a bundler would erase), side-effect imports, dynamic `import()` and `require()`.
// A small scanner rather than a regex over the raw text, so that a specifier-like string in a
// comment, a string or a regular expression is not taken for an import, and an import is not missed
// because a string before it held `//` or `/*`.

export interface Specifier {
  specifier: string
  /** 1-based line of the statement. */
  line: number
  kind: 'static' | 'dynamic'
}

/** An `import(` or `require(` whose argument is not a plain string: it cannot be checked. */
export interface UncheckableImport {
  line: number
  text: string
}

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^'])
const KEYWORDS_BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await'])

/**
 * The source with comments and regex bodies blanked out and every string literal replaced by
 * `'#<index>'` into `strings` (newlines kept, so line numbers hold).
 */
export function codeOnly(source: string, strings: string[] = []): string {
  const out: string[] = []
  let i = 0
  let lastSignificant = ''
  let lastWord = ''
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (source[k] === '\n') out.push('\n')
    out.push(' ')
  }
  while (i < source.length) {
    const c = source[i]!
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? source.length : end
      blank(i, stop)
      i = stop
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      blank(i, stop)
      i = stop
    } else if (c === '\'' || c === '"' || c === '`') {
      // Template literals count as one string: their `${…}` parts are not scanned (none of ours imports there).
      let k = i + 1
      while (k < source.length && source[k] !== c) k += source[k] === '\\' ? 2 : 1
      const literal = source.slice(i, k + 1)
      out.push(`'#${strings.push(literal) - 1}'`)
      for (const ch of literal) if (ch === '\n') out.push('\n')
      i = k + 1
      lastSignificant = c
      lastWord = ''
    } else if (c === '/' && (BEFORE_REGEX.has(lastSignificant) || KEYWORDS_BEFORE_REGEX.has(lastWord))) {
      let k = i + 1
      let inClass = false
      while (k < source.length && source[k] !== '\n') {
        const r = source[k]!
        if (r === '\\') k++
        else if (r === '[') inClass = true
        else if (r === ']') inClass = false
        else if (r === '/' && !inClass) break
        k++
      }
      out.push('/regex/')
      i = k + 1
      lastSignificant = '/'
      lastWord = ''
    } else if (/[\w$#]/.test(c)) {
      let k = i
      while (k < source.length && /[\w$#]/.test(source[k]!)) k++
      lastWord = source.slice(i, k)
      out.push(lastWord)
      lastSignificant = 'a'
      i = k
    } else {
      out.push(c)
      if (!/\s/.test(c)) {
        lastSignificant = c
        lastWord = ''
      }
      i++
    }
  }
  return out.join('')
}

const STRING = `'#(\\d+)'`
const STATIC_FROM = new RegExp(`\\b(?:import|export)\\s+(?:type\\s+)?[^;'()]*?\\bfrom\\s*${STRING}`, 'g')
const SIDE_EFFECT = new RegExp(`\\bimport\\s*${STRING}`, 'g')
const DYNAMIC_IMPORT = /(?<![.#\w$])import\s*\(\s*([^)]*)\)/g
const REQUIRE = new RegExp(`(?<![.#\\w$])require\\s*\\(\\s*${STRING}\\s*\\)`, 'g')
const PLAIN_STRING = new RegExp(`^${STRING}\\s*(?:,[\\s\\S]*)?$`)

/** A literal's value when it is a plain string (no template substitution). */
function plainValue(literal: string): string | undefined {
  return literal.startsWith('`') && literal.includes('${') ? undefined : literal.slice(1, -1)
}

function lineAt(text: string, index: number): number {
  let line = 1
  for (let k = 0; k < index; k++) if (text[k] === '\n') line++
  return line
}

/** Every module the source names, and every dynamic import that cannot be checked statically. */
export function moduleSpecifiers(source: string): { specifiers: Specifier[]; uncheckable: UncheckableImport[] } {
  const strings: string[] = []
  const code = codeOnly(source, strings)
  const specifiers: Specifier[] = []
  const uncheckable: UncheckableImport[] = []
  const add = (index: string, at: number, kind: Specifier['kind']) => {
    const literal = strings[Number(index)]!
    const value = plainValue(literal)
    if (value === undefined) uncheckable.push({ line: lineAt(code, at), text: `${kind} import of ${literal}` })
    else specifiers.push({ specifier: value, line: lineAt(code, at), kind })
  }
  for (const pattern of [STATIC_FROM, SIDE_EFFECT]) for (const match of code.matchAll(pattern)) add(match[1]!, match.index, 'static')
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const plain = PLAIN_STRING.exec(match[1]!.trim())
    if (plain) add(plain[1]!, match.index, 'dynamic')
    else uncheckable.push({ line: lineAt(code, match.index), text: `dynamic import of ${match[1]!.trim()}` })
  }
  for (const match of code.matchAll(REQUIRE)) add(match[1]!, match.index, 'dynamic')
  return { specifiers, uncheckable }
}
