import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every source file an entry reaches through relative imports (package imports are not followed). */
function reachable(entry: string): Map<string, string> {
  const files = new Map<string, string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    const text = readFileSync(file, 'utf8')
    files.set(file, text)
    for (const [, specifier] of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!))
    }
  }
  visit(resolve(entry))
  return files
}

const NODE_ONLY = [
  [/from\s+['"]node:/, 'a node: import'],
  [/\bBuffer\b/, 'Buffer'],
  [/\bprocess\.\w/, 'process'],
  [/(?<![\w#.])require\(/, 'require()'],
] as const

/** The entries that are Node's alone (node:http adapters, the file journal): no browser-safe entry may reach one. */
const NODE_ENTRIES = ['src/testing/node/index.ts', 'src/proxy-node.ts', 'src/journal-file.ts']
/** Their own modules: src/testing/node/*, src/proxy/node.ts, src/journal/file*.ts and the entry files (the SDK modules they share with the rest are not theirs). */
const NODE_OWN = /\/node(\/|\.ts$)|proxy-node\.ts$|journal-file\.ts$|\/journal\/file(-[\w-]+)?\.ts$/

describe.each(['src/index.ts', 'src/strict.ts', 'src/local-signer.ts', 'src/sign-request.ts', 'src/proxy.ts', 'src/journal.ts', 'src/testing/index.ts'])('%s, which browsers and edge runtimes load', (entry) => {
  const files = reachable(entry)

  it('reaches no Node-only entry, nor a module of one', () => {
    const nodeOwn = NODE_ENTRIES.flatMap((nodeEntry) => [...reachable(nodeEntry).keys()].filter((file) => NODE_OWN.test(file)))
    expect(nodeOwn.length).toBeGreaterThan(0)
    // Each entry brings its own: the file journal's modules are among them.
    expect(nodeOwn.filter((file) => file.includes('/src/journal/file'))).toHaveLength(3)
    expect(nodeOwn.filter((file) => files.has(file))).toEqual([])
  })

  it('reaches no Node built-in', () => {
    expect(files.size).toBeGreaterThan(0)
    const hits = [...files].flatMap(([file, text]) =>
      NODE_ONLY.filter(([pattern]) => pattern.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))).map(([, what]) => `${file}: ${what}`))
    expect(hits).toEqual([])
  })
})

it('the Node adapter is the only place under src/testing that uses Node', () => {
  const adapter = reachable('src/testing/node/index.ts')
  const nodeFiles = [...adapter].filter(([, text]) => /from\s+['"]node:/.test(text)).map(([file]) => file)
  expect(nodeFiles.length).toBeGreaterThan(0)
  for (const file of nodeFiles) expect(file).toMatch(/src\/testing\/node\//)
})
