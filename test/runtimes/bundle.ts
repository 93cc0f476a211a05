// Builds what each runtime loads, with esbuild (as a user's bundler, e.g. wrangler, would).
import { build, type BuildOptions, type Metafile } from 'esbuild'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const OUT_DIR = join(ROOT, 'test-output', 'runtimes')
export const DIST_ENTRY = join(ROOT, 'dist', 'index.js')
export const DIST_IIFE = join(ROOT, 'dist', 'exchange-client.iife.js')
export const DIST_PROXY = join(ROOT, 'dist', 'proxy.js')
/** The one-file build of the root entry, which Node, Deno and Bun resolve the package's name to. */
export const RUNTIME_ENTRY = join(ROOT, 'dist', 'runtime', 'index.js')
export const PACKAGE_NAME = 'exchange-client'
const ENTRIES = join(ROOT, 'test', 'runtimes', 'entries')

/** Where `run.ts` leaves a runtime's report (scripts/test.ts reads the counts from it). */
export const reportPath = (runtime: string) => join(OUT_DIR, `${runtime}.report.json`)

const common: BuildOptions = { bundle: true, write: false, target: 'es2022', logLevel: 'warning', absWorkingDir: ROOT, metafile: true }

async function bundleText(options: BuildOptions): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({ ...common, ...options })
  return { code: result.outputFiles![0]!.text, metafile: result.metafile! }
}

/**
 * A runner must get the SDK from outside (a dynamic import or a global), never carry a copy: if
 * the sources or the SDK's dependencies ended up inside it, the run would not test the artefact.
 */
function assertCarriesNoSdk(metafile: Metafile, what: string): void {
  const smuggled = Object.keys(metafile.inputs).filter((input) => /^(src|dist)\/|node_modules\/(ky|valibot|@noble)\//.test(input))
  if (smuggled.length > 0) throw new Error(`${what} bundles part of the SDK: ${smuggled.join(', ')}`)
}

/** The plain-JS runner for Node 20, Deno and Bun; it imports the SDK named by CONFORMANCE_SDK. */
export async function cliRunner(): Promise<string> {
  const { code, metafile } = await bundleText({ entryPoints: [join(ENTRIES, 'cli.ts')], format: 'esm', platform: 'neutral' })
  assertCarriesNoSdk(metafile, 'the CLI runner')
  return code
}

/** The script-tag page's runner (an IIFE); it uses the ExchangeSDK global. */
export async function pageRunner(): Promise<string> {
  const { code, metafile } = await bundleText({ entryPoints: [join(ENTRIES, 'page.ts')], format: 'iife', platform: 'browser' })
  assertCarriesNoSdk(metafile, 'the page runner')
  return code
}

/** The fetch handler bundled with dist/index.js and its dependencies; `glue` wires `sdk` and `conformanceResponse`. */
async function handlerBundle(glue: string, format: 'esm' | 'iife', conditions: string[]): Promise<string> {
  const imports = `import * as sdk from ${JSON.stringify(DIST_ENTRY)}\nimport { conformanceResponse } from ${JSON.stringify(join(ENTRIES, 'fetch-handler.ts'))}\n`
  const { code } = await bundleText({ stdin: { contents: imports + glue, resolveDir: ROOT, loader: 'ts' }, format, platform: 'browser', conditions })
  return code
}

/** A module Worker whose fetch handler runs the cases with the library. */
export const workerModule = (): Promise<string> =>
  handlerBundle('export default { fetch: (request: Request) => conformanceResponse(sdk, request) }\n', 'esm', ['workerd', 'worker', 'browser'])

/** An edge function (service-worker syntax, as the edge-runtime VM evaluates it). */
export const edgeScript = (): Promise<string> =>
  handlerBundle("addEventListener('fetch', (event: any) => event.respondWith(conformanceResponse(sdk, event.request)))\n", 'iife', ['edge-light', 'worker', 'browser'])

/** The proxy host for Deno, Bun and Node: serves signingProxy, imported from PROXY_SDK. */
export async function proxyHost(): Promise<string> {
  const { code, metafile } = await bundleText({ entryPoints: [join(ENTRIES, 'proxy-host.ts')], format: 'esm', platform: 'neutral', external: ['node:*'] })
  assertCarriesNoSdk(metafile, 'the proxy host')
  return code
}

/** dist/proxy.js bundled with its dependencies into a fetch handler configured by `config`, as wrangler or Vercel would bundle it. */
async function proxyBundle(config: object, glue: string, format: 'esm' | 'iife', conditions: string[]): Promise<string> {
  const imports = `import { signingProxy } from ${JSON.stringify(DIST_PROXY)}\n// Built on the first request: a Worker may do no crypto work at global scope.\nlet handler: ((request: Request) => Promise<Response>) | undefined\nconst proxy = (request: Request) => (handler ??= signingProxy({ ...${JSON.stringify(config)}, authorize: () => true }))(request)\n`
  const { code } = await bundleText({ stdin: { contents: imports + glue, resolveDir: ROOT, loader: 'ts' }, format, platform: 'browser', conditions })
  return code
}

/** A module Worker whose fetch handler is the proxy. */
export const proxyWorker = (config: object): Promise<string> => proxyBundle(config, 'export default { fetch: (request: Request) => proxy(request) }\n', 'esm', ['workerd', 'worker', 'browser'])

/** An edge function (service-worker syntax) whose fetch handler is the proxy. */
export const proxyEdgeFunction = (config: object): Promise<string> =>
  proxyBundle(config, "addEventListener('fetch', (event: any) => event.respondWith(proxy(event.request)))\n", 'iife', ['edge-light', 'worker', 'browser'])
