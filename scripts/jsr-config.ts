// jsr.json, the configuration JSR (Deno's registry) publishes from, derived from package.json and the build:
//   node scripts/jsr-config.ts        (rewrites jsr.json; test/packaging/check.ts fails when it is stale)
// JSR publishes the TypeScript sources, so each subpath points at the src/ file vite compiles for the same
// subpath of the npm package.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { libraryEntries } from '../vite.config.ts'

/** The JSR name: JSR names are scoped, and the scope is not claimed yet. */
const JSR_NAME = '@exchange-client/sdk'

type PackageJson = { version: string; license: string; exports: Record<string, string | { default?: string }> }

/** package.json subpath → the src/ file vite builds its dist/ target from (e.g. './testing' → './src/testing/index.ts'). */
function exportSources(pkgExports: PackageJson['exports']): Record<string, string> {
  const sources: Record<string, string> = {}
  for (const [subpath, target] of Object.entries(pkgExports)) {
    const file = typeof target === 'string' ? target : target.default
    const entry = /^\.\/dist\/(.+)\.js$/.exec(file ?? '')?.[1]
    if (!entry) continue // ./package.json
    const source = libraryEntries[entry as keyof typeof libraryEntries]
    if (!source) throw new Error(`package.json exports ${subpath} as ${file}, which no entry of vite.config.ts builds`)
    sources[subpath] = `./${source}`
  }
  return sources
}

export function jsrConfig(pkg: PackageJson) {
  return {
    name: JSR_NAME,
    version: pkg.version,
    license: pkg.license,
    exports: exportSources(pkg.exports),
    publish: { include: ['src/**/*.ts', 'README.md', 'docs/**/*.md'], exclude: ['src/**/*.test.ts'] },
  }
}

export const jsrConfigText = (pkg: PackageJson): string => `${JSON.stringify(jsrConfig(pkg), null, 2)}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync('jsr.json', jsrConfigText(JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson))
  console.log('wrote jsr.json')
}
