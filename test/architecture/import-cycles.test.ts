// No module of src/ reaches itself through its imports, type-only ones included: a circle makes the
// parts of it one part (none can be read, changed or bundled without the others). The SDK (src minus
// src/testing) and the reference exchange (src/testing) are checked each on its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleSpecifiers } from './module-specifiers.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')
const EXCHANGE = join(SRC, 'testing')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Each file's imports of files of `files` (relative specifiers only: a package is not a file of ours). */
export function importGraph(files: readonly string[], read: (file: string) => string = (file) => readFileSync(file, 'utf8')): Map<string, string[]> {
  const known = new Set(files)
  return new Map(files.map((file) => {
    const targets = moduleSpecifiers(read(file)).specifiers
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier }) => resolve(dirname(file), specifier))
      .filter((target) => known.has(target))
    return [file, [...new Set(targets)]]
  }))
}

/** The circles of a graph: its strongly connected components of more than one file, or one that imports itself. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative: the SDK's import chains are deeper than a test should recurse.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: [string, number][] = [[start, 0]]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const [node, edge] = frame
      const targets = graph.get(node) ?? []
      if (edge < targets.length) {
        frame[1]++
        const target = targets[edge]!
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!))
      if (low.get(node) !== index.get(node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || targets.includes(node)) found.push(component.sort())
    }
  }
  return found
}

const named = (found: string[][]) => found.map((circle) => circle.map((file) => relative(ROOT, file)))

describe('import circles', () => {
  const all = sourceFiles(SRC)
  const exchange = all.filter((file) => file.startsWith(EXCHANGE + sep))
  const sdk = all.filter((file) => !file.startsWith(EXCHANGE + sep))

  it('finds none in the SDK (src minus src/testing), type-only imports included', () => {
    expect(named(circles(importGraph(sdk)))).toEqual([])
  })

  it('finds none in the reference exchange (src/testing), type-only imports included', () => {
    expect(named(circles(importGraph(exchange)))).toEqual([])
  })

  it('finds a circle, also one closed by a type-only import or a re-export', () => {
    const sources: Record<string, string> = {
      '/x/a.ts': "import { b } from './b.ts'\nexport const a = b",
      '/x/b.ts': "import type { C } from './c.ts'\nexport const b: C = 1",
      '/x/c.ts': "export type { A } from './a.ts'\nexport type C = number",
      '/x/d.ts': "import { a } from './a.ts' // outside the circle",
      '/x/e.ts': "import { e } from './e.ts'",
    }
    const found = named(circles(importGraph(Object.keys(sources), (file) => sources[file]!)))
    expect(found.map((circle) => circle.map((file) => file.split(sep).pop()))).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
  })

  it('reads every file of the tree', () => {
    expect(sdk.length).toBeGreaterThan(50)
    expect(exchange.length).toBeGreaterThan(30)
    expect(existsSync(join(SRC, 'client.ts'))).toBe(true)
  })
})
