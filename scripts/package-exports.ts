// package.json's export conditions, derived from each entry's `default` file:
//   node scripts/package-exports.ts        (rewrites package.json's exports; test/packaging/exports.test.ts fails when stale)
// Every code entry is built twice (vite.config.ts): one file per module in dist/, which bundlers read
// (`module`, then `default`; they drop what a program does not use), and one file per entry in dist/runtime/,
// which Node, Deno and Bun load without a bundler (`node`, `deno`, `bun`), so a start compiles two files,
// not sixty. Runtimes never set `module`, and bundlers list it: it goes first, so a bundler targeting Node
// still gets the per-module files. Cloudflare's (`workerd`) and Vercel's (`edge-light`) toolchains always
// bundle, so they get the per-module files too. A new entry needs only its `types` and `default`.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

type Target = string | Record<string, string>

/** The conditions of the runtimes that load dist/runtime/, in the order a package lists them. */
export const RUNTIME_CONDITIONS = ['deno', 'bun', 'node'] as const

/** dist/<entry>.js, the per-module build of an entry, and dist/runtime/<entry>.js, its one-file build. */
const ENTRY_FILE = /^\.\/dist\/([^/]+)\.js$/
export const runtimeFile = (entry: string) => `./dist/runtime/${entry}.js`

/** An export's conditions as they must be, from its `types` and `default`; a JSON file or other target as it is. */
export function withBuilds(target: Target): Target {
  if (typeof target === 'string' || !target.default) return target
  const entry = ENTRY_FILE.exec(target.default)?.[1]
  if (!entry) return target
  const runtime = Object.fromEntries(RUNTIME_CONDITIONS.map((condition) => [condition, runtimeFile(entry)]))
  return { ...(target.types ? { types: target.types } : {}), module: target.default, ...runtime, default: target.default }
}

export const packageExports = (exports: Record<string, Target>): Record<string, Target> =>
  Object.fromEntries(Object.entries(exports).map(([subpath, target]) => [subpath, withBuilds(target)]))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync('package.json', 'utf8')
  const pkg = JSON.parse(text) as { exports: Record<string, Target> }
  pkg.exports = packageExports(pkg.exports)
  writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`)
  console.log('wrote package.json exports')
}
