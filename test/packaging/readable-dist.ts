// Readable dist: classes keep their names in every bundle, and source maps lead back to src/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * JavaScript, run in a user's project against the installed package: `misnamed(exports)` lists the exported
 * error classes whose `name` (what `error.constructor.name` and stack traces show) is not their export name.
 */
export const MISNAMED_SOURCE = `(exports) => {
  const classes = Object.entries(exports).filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error)
  return { count: classes.length, misnamed: classes.filter(([name, value]) => value.name !== name).map(([name, value]) => name + ' is named ' + JSON.stringify(value.name)) }
}`

/**
 * A program for the scratch project: every ESM entry the package exports, then the IIFE evaluated in a fresh
 * node:vm context (as a script tag would), each checked with MISNAMED_SOURCE; and one error built by hand.
 */
export function classNamesProgram(subpaths: readonly string[]): string {
  return `import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import vm from 'node:vm'
import { ExchangeApiError } from 'exchange-client'
const misnamed = ${MISNAMED_SOURCE}
const problems = []
const built = new ExchangeApiError(400, { code: 'PARAM_INVALID', codeNum: 10001, message: 'bad' })
if (built.constructor.name !== 'ExchangeApiError') problems.push('new ExchangeApiError(...).constructor.name is ' + built.constructor.name)
const checked = []
for (const subpath of ${JSON.stringify(subpaths)}) {
  const { count, misnamed: wrong } = misnamed(await import(subpath))
  problems.push(...wrong.map((line) => subpath + ': ' + line))
  checked.push(subpath + ' ' + count)
}
const iifePath = createRequire(import.meta.url).resolve('exchange-client/package.json').replace(/package\\.json$/, 'dist/exchange-client.iife.js')
const context = vm.createContext({ TextEncoder, TextDecoder, URL, URLSearchParams, AbortController, crypto, fetch, Headers, Request, Response, setTimeout, clearTimeout })
vm.runInContext(readFileSync(iifePath, 'utf8'), context)
const iife = vm.runInContext('(' + ${JSON.stringify(MISNAMED_SOURCE)} + ')(ExchangeSDK)', context)
problems.push(...iife.misnamed.map((line) => 'IIFE: ' + line))
checked.push('IIFE ' + iife.count)
if (iife.count === 0 || checked.some((line) => line.startsWith('exchange-client ') && line.endsWith(' 0'))) problems.push('no error class found to check: ' + checked.join(', '))
if (problems.length > 0) throw new Error(problems.join('\\n'))
console.log('error classes named as exported (per entry): ' + checked.join(', '))
`
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))

/** An entry that only re-exports other modules has no code of its own to map. */
const isFacade = (code: string) => /^(\s*(import|export)\s*(\{[^}]*\}|\*)?[^;{]*;)*\s*$/.test(code)

/**
 * Problems with the source maps of `dist` (a shipped copy of `builtDist`, where the maps were written): every
 * module with code names its map, the map exists, embeds its sources, and each source is a file of `srcDir`;
 * and every class the ESM defines maps back to the line of src/ that declares it.
 */
export function sourceMapProblems(dist: string, builtDist: string, srcDir: string): { problems: string[]; classesMapped: number } {
  const problems: string[] = []
  let classesMapped = 0
  for (const file of walk(dist).filter((path) => path.endsWith('.js'))) {
    const name = relative(dist, file)
    const code = readFileSync(file, 'utf8')
    if (isFacade(code)) continue
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1]
    if (!mapName) { problems.push(`${name}: no sourceMappingURL`); continue }
    const mapFile = join(dirname(file), mapName)
    if (!existsSync(mapFile)) { problems.push(`${name}: ${mapName} is not shipped`); continue }
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload & { sourcesContent?: (string | null)[] }
    const sources = map.sources.map((source) => resolve(dirname(join(builtDist, name)), source))
    // The IIFEs (the SDK's, and exchange-client-strict's with the response schemas) and the one-file build for runtimes
    // (runtime/) carry their dependencies; the per-module ESM imports them.
    const fromDependency = (source: string) => (name.endsWith('.iife.js') || name.startsWith('runtime/')) && source.includes('/node_modules/')
    sources.forEach((source, i) => {
      if (!existsSync(source) || (relative(srcDir, source).startsWith('..') && !fromDependency(source))) problems.push(`${name}: source ${map.sources[i]} is not a file of src/`)
      else if (map.sourcesContent?.[i] !== readFileSync(source, 'utf8')) problems.push(`${name}: the map does not embed ${map.sources[i]} as it is`)
    })
    const sourceMap = new SourceMap(map)
    code.split('\n').forEach((line, lineNumber) => {
      const declared = /^(?:var|let|const) (\w+) = class\b|^(?:export )?class (\w+)/.exec(line)
      const className = declared?.[1] ?? declared?.[2]
      if (!className) return
      const entry = sourceMap.findEntry(lineNumber, line.indexOf(className)) as { originalSource?: string; originalLine?: number }
      const original = entry.originalSource === undefined ? undefined : resolve(dirname(join(builtDist, name)), entry.originalSource)
      const originalLine = original && existsSync(original) ? readFileSync(original, 'utf8').split('\n')[entry.originalLine ?? -1] : undefined
      if (originalLine?.includes(`class ${className}`)) classesMapped++
      else problems.push(`${name}:${lineNumber + 1}: class ${className} maps to ${entry.originalSource ?? 'nothing'}:${(entry.originalLine ?? -2) + 1}`)
    })
  }
  return { problems, classesMapped }
}
