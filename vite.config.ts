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
  // The package's `bin` (exchange-client-exchange): compiled, since Node will not run .ts from node_modules.
  'exchange-cli': 'src/testing/node/cli.ts',
}

// The published ESM is not minified: users' bundlers minify it again anyway, and stack traces,
// `error.constructor.name` and debuggers show the real names. Source maps point at src/.
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
      output: { minify: false, preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
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

export default defineConfig(({ mode }) => (mode === 'lib' ? library : mode === 'iife' ? scriptTag : mode === 'iife-strict' ? strictScriptTag : {}))
