// Two implementations of one spec share no code: nothing under src/testing (the reference exchange)
// imports from the SDK (the rest of src), and the SDK imports nothing from src/testing. A loopback
// test can then only pass when both sides agree with SPEC.md, not because they share a part.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleSpecifiers } from './module-specifiers.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')
const EXCHANGE = join(SRC, 'testing')

type Side = 'exchange' | 'sdk'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const sideOf = (path: string): Side => (path === EXCHANGE || path.startsWith(EXCHANGE + sep) ? 'exchange' : 'sdk')

/** Where a specifier lands: a file of either side, or undefined for a third-party package. */
export function landing(specifier: string, importer: string): { side: Side; target: string } | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(importer), specifier)
    if (!target.startsWith(SRC + sep)) return { side: 'sdk', target } // outside src: never the exchange's own
    return { side: sideOf(target), target }
  }
  // The package's own name (tsconfig maps it to src): ./testing entries are the exchange, the rest the SDK.
  if (specifier === 'exchange-client' || specifier.startsWith('exchange-client/')) {
    const side = /^exchange-client\/testing(\/|$)/.test(specifier) ? 'exchange' : 'sdk'
    return { side, target: specifier }
  }
  return undefined
}

/** Every import of `files` that lands on the other side, as `file:line → specifier`. */
function crossings(files: string[]): string[] {
  const found: string[] = []
  for (const file of files) {
    const own = sideOf(file)
    const { specifiers, uncheckable } = moduleSpecifiers(readFileSync(file, 'utf8'))
    for (const { specifier, line } of specifiers) {
      const landed = landing(specifier, file)
      if (landed && landed.side !== own) found.push(`${relative(ROOT, file)}:${line} imports '${specifier}' (${own} → ${landed.side})`)
    }
    for (const { line, text } of uncheckable) found.push(`${relative(ROOT, file)}:${line} has a dynamic import that cannot be checked: ${text}`)
  }
  return found
}

const files = sourceFiles(SRC)
const exchangeFiles = files.filter((file) => sideOf(file) === 'exchange')
const sdkFiles = files.filter((file) => sideOf(file) === 'sdk')

describe('the reference exchange and the SDK are independent implementations', () => {
  it('finds the files of both sides', () => {
    expect(exchangeFiles.length).toBeGreaterThan(20)
    expect(sdkFiles.length).toBeGreaterThan(20)
  })

  it('nothing under src/testing imports from the SDK', () => {
    expect(crossings(exchangeFiles)).toEqual([])
  })

  it('the SDK imports nothing from src/testing', () => {
    expect(crossings(sdkFiles)).toEqual([])
  })
})
