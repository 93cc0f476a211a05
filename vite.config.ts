import { resolve } from 'node:path'
import { defineConfig, type UserConfig } from 'vite'
import { markSchemasPure } from './scripts/pure-schemas.ts'
import { loadKyStatically } from './scripts/static-ky.ts'
import { stripOperationDocs } from './scripts/strip-operation-docs.ts'

/**
 * One file, three builds:
 * - `vite build --mode lib`: the ESM entries (dependencies stay imports);
 * - `vite build --mode iife`: dist/exchange-client.iife.js, one self-contained file defining `ExchangeSDK`;
 * - otherwise: the demo page (demo/).
 */
export const libraryEntries = {
  index: 'src/index.ts',
  testing: 'src/testing/index.ts',
  'testing-node': 'src/testing/node/index.ts',
  'local-signer': 'src/local-signer.ts',
  strict: 'src/strict.ts',
  perp: 'src/areas/perp.ts',
  spot: 'src/areas/spot.ts',
  prediction: 'src/areas/prediction.ts',
  account: 'src/areas/account.ts',
  system: 'src/areas/system.ts',
  championship: 'src/areas/championship.ts',
  keys: 'src/areas/keys.ts',
  advanced: 'src/advanced.ts',
  'sign-request': 'src/sign-request.ts',
  proxy: 'src/proxy.ts',
  // Node only (node:http's types): its own entry, so browser bundles of ./proxy never see it.
  'proxy-node': 'src/proxy-node.ts',
  journal: 'src/journal.ts',
  // Node, Deno and Bun (node:fs): its own entry, so browser bundles of ./journal never see it.
  'journal-file': 'src/journal-file.ts',
  // The package's `bin` (exchange-client-exchange): compiled, since Node will not run .ts from node_modules.
  'exchange-cli': 'src/testing/node/cli.ts',
}

// The published ESM is not minified: users' bundlers minify it again anyway, and stack traces,
// `error.constructor.name` and debuggers show the real names. Source maps point at src/.
// No comments but licenses and the annotations bundlers tree-shake by (the hover docs live in the .d.ts files;
// in src/areas they were half the bytes Node compiled), and ASCII only (non-ASCII escaped in strings), which
// spares Node a UTF-8 decode into two-byte source.
const output = { minify: false, comments: { legal: true, annotation: true, jsdoc: false }, charset: 'ascii' } as const
const library: UserConfig = {
  plugins: [stripOperationDocs(), markSchemasPure()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    lib: { entry: libraryEntries, formats: ['es'] },
    rolldownOptions: {
      external: [/^ky(\/|$)/, /^valibot(\/|$)/, /^@noble\//, /^@scure\//, /^node:/],
      output: { ...output, preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
}

/**
 * `vite build --mode runtime`: dist/runtime/, what Node, Deno and Bun load (package.json sends their export
 * conditions here; bundlers read `module` first and get the per-module files above). Resolving and compiling
 * ~60 modules was most of Node's start (2.6x an empty script), so here each entry is one file, and the modules
 * `import 'exchange-client'` evaluates are one shared chunk (`sdk.js`) the other SDK entries import. The
 * dependencies are pinned to exact versions, so they are bundled (tree-shaken) here as the very code npm would
 * install: no package is resolved at start. ky stays in the chunk the transport imports on its first call.
 * Every entry of `libraryEntries` is built; a new entry needs nothing here.
 */
const runtime: UserConfig = {
  ...library,
  build: {
    ...library.build,
    outDir: 'dist/runtime',
    rolldownOptions: {
      external: [/^node:/],
      output: {
        ...output,
        entryFileNames: '[name].js',
        chunkFileNames: '[name].js',
        codeSplitting: {
          groups: [
            // First (priority): what the reference exchange shares with the SDK, so `exchange-client/testing` never loads the SDK.
            { debugName: 'shared', priority: 1, name: (id, graph) => (islands(graph).shared.has(id) ? 'shared' : null) },
            { debugName: 'sdk', name: (id, graph) => (islands(graph).root.has(id) ? 'sdk' : null) },
          ],
        },
      },
    },
  },
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/** Every module `from` loads by static imports (a dynamic import, as ky's, stays out). */
function staticClosure(graph: ModuleGraph, from: string[]): Set<string> {
  const closure = new Set<string>()
  const pending = [...from]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (closure.has(id)) continue
    closure.add(id)
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return closure
}

/** What the root entry loads, and which of it (valibot's functions, base58) the reference exchange's entries load too. */
const islandsByGraph = new WeakMap<ModuleGraph, { root: Set<string>; shared: Set<string> }>()
function islands(graph: ModuleGraph): { root: Set<string>; shared: Set<string> } {
  let found = islandsByGraph.get(graph)
  if (!found) {
    const sources = Object.values(libraryEntries).map((source) => resolve(source))
    const root = staticClosure(graph, [resolve(libraryEntries.index)])
    const referenceExchange = staticClosure(graph, sources.filter((source) => source.includes('/src/testing/')))
    found = { root, shared: new Set([...root].filter((id) => referenceExchange.has(id))) }
    islandsByGraph.set(graph, found)
  }
  return found
}

const CLASS_NAMES = { class: true, function: false }

const scriptTag: UserConfig = {
  plugins: [stripOperationDocs(), markSchemasPure(), loadKyStatically()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    sourcemap: true,
    target: 'es2020',
    lib: { entry: libraryEntries.index, formats: ['iife'], name: 'ExchangeSDK', fileName: () => 'exchange-client.iife.js' },
    // Minified for the script tag, but classes keep their names (`error.constructor.name`). Functions do not:
    // keeping theirs too (output.keepNames) costs 1.5 KB gzip more (28.0 vs 26.5 KB); the source map names them.
    rolldownOptions: { output: { minify: { compress: { keepNames: CLASS_NAMES }, mangle: { keepNames: CLASS_NAMES } } } },
  },
}

/** `vite build --mode iife-strict`: dist/exchange-client-strict.iife.js, defining `ExchangeSDKStrict.responseSchemas`. */
const strictScriptTag: UserConfig = {
  ...scriptTag,
  build: { ...scriptTag.build, lib: { entry: libraryEntries.strict, formats: ['iife'], name: 'ExchangeSDKStrict', fileName: () => 'exchange-client-strict.iife.js' } },
}

const builds: Record<string, UserConfig> = { lib: library, runtime, iife: scriptTag, 'iife-strict': strictScriptTag }
export default defineConfig(({ mode }) => builds[mode] ?? {})
