// JSR (Deno's registry) publishes the TypeScript sources: jsr.json must export what package.json exports,
// each subpath from the source file the npm build compiles for it.
import { libraryEntries } from '../../vite.config.ts'

type Exports = Record<string, unknown>

/** package.json subpath → the src/ file vite builds its dist/ target from (e.g. './testing' → 'src/testing/index.ts'). */
export function npmExportSources(pkgExports: Exports): Record<string, string> {
  const sources: Record<string, string> = {}
  for (const [subpath, target] of Object.entries(pkgExports)) {
    const file = typeof target === 'string' ? target : (target as { default?: string }).default
    const entry = /^\.\/dist\/(.+)\.js$/.exec(file ?? '')?.[1]
    if (!entry) continue // ./package.json
    const source = libraryEntries[entry as keyof typeof libraryEntries]
    sources[subpath] = source ? `./${source}` : `(no vite entry builds ${file})`
  }
  return sources
}

/** Differences between jsr.json and package.json: exports, name of each source, version, license. */
export function jsrConfigProblems(pkg: Record<string, unknown>, jsr: Record<string, unknown>): string[] {
  const problems: string[] = []
  const expected = npmExportSources(pkg.exports as Exports)
  const actual = jsr.exports as Record<string, string>
  for (const subpath of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (expected[subpath] !== actual[subpath]) problems.push(`export ${subpath}: jsr.json has ${actual[subpath] ?? 'nothing'}, the npm build uses ${expected[subpath] ?? 'nothing'}`)
  }
  for (const field of ['version', 'license']) {
    if (jsr[field] !== pkg[field]) problems.push(`${field}: jsr.json ${String(jsr[field])}, package.json ${String(pkg[field])}`)
  }
  return problems
}
