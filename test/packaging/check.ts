// Packaging checks on the packed package, as npm would publish it (npm run build first):
//   node test/packaging/check.ts
// Packs once, then: the tarball's file list, publint, arethetypeswrong, and a scratch project that
// installs the tarball and imports it from Node 22, Node 20 and Deno, and type-checks against it.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { VERIFIER_KEY } from '../support/verifying-server.ts'
import { SIGNING_VECTORS, VECTOR_KEY } from '../conformance/vectors.ts'
import { systemNode20 } from '../runtimes/drivers/cli-runtime.ts'
import { OUT_DIR, ROOT } from '../runtimes/bundle.ts'
import { exportTargets, forbiddenFiles, leakedSecrets } from './tarball.ts'
import { checkTypedUser } from './typed-user/check.ts'

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)
const run = (command: string, args: string[], cwd = ROOT) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

const scratch = mkdtempSync(join(tmpdir(), 'exchange-client-pack-'))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>

interface Packed {
  tarball: string
  files: string[]
}

function pack(): Packed {
  const [result] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch])) as [{ filename: string; files: { path: string }[] }]
  return { tarball: join(scratch, result.filename), files: result.files.map((file) => file.path) }
}

/** What a user's program does first: import, sign one vector, refuse a bad key before any I/O. */
function userProgram(): string {
  const vector = SIGNING_VECTORS[0]!
  return `import { ExchangeClient, ExchangeValidationError } from 'exchange-client'
import { hmacHex, importSecretKey, signingPayload } from 'exchange-client/advanced'
const key = await importSecretKey(${JSON.stringify(VECTOR_KEY.secretKey)})
const signature = await hmacHex(key, signingPayload(${JSON.stringify(vector.timestamp)}, ${JSON.stringify(vector.method)}, ${JSON.stringify(vector.path)}, ${JSON.stringify(vector.body)}))
if (signature !== ${JSON.stringify(vector.signature)}) throw new Error('wrong signature ' + signature)
try {
  new ExchangeClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'not-a-key', secretKey: 'x' })
  throw new Error('a bad key was accepted')
} catch (error) {
  if (!(error instanceof ExchangeValidationError) || error.field !== 'apiKey') throw error
}
console.log('imported exchange-client and signed: ' + signature)
`
}

/** A TypeScript user on Node's own resolution (nodenext): the published types must resolve and fit. */
const typedUserProgram = `import { ExchangeClient, isExchangeError, type ExchangeClientOptions, type ServerTime } from 'exchange-client'
const options: ExchangeClientOptions = { baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 }
const client: ExchangeClient = new ExchangeClient(options)
export const time: Promise<ServerTime> = client.system.getTime().catch((error: unknown) => {
  if (isExchangeError(error, 'network')) return { serverTime: 0 }
  throw error
})
`

let packed: Packed | undefined
const needPack = (): Packed => packed ?? (() => { throw new Error('needs the tarball, which npm pack did not make') })()
const checks: [name: string, run: () => void | Promise<void>][] = [
  ['npm pack makes a tarball', () => {
    packed = pack()
  }],
  ['the tarball holds every file the package.json points at (exports, main, types, unpkg)', () => {
    const missing = exportTargets(pkg).filter((file) => !needPack().files.includes(file))
    if (missing.length > 0) throw new Error(`missing from the tarball: ${missing.join(', ')}`)
  }],
  ['the tarball holds nothing test-only or secret', () => {
    const { files, tarball } = needPack()
    const forbidden = forbiddenFiles(files)
    if (forbidden.length > 0) throw new Error(`files that must not ship: ${forbidden.join(', ')}`)
    const unpacked = join(scratch, 'unpacked')
    mkdirSync(unpacked)
    run('tar', ['-xzf', tarball, '-C', unpacked])
    const leaks = leakedSecrets(join(unpacked, 'package'), [VERIFIER_KEY.secretKey, VECTOR_KEY.secretKey])
    if (leaks.length > 0) throw new Error(`secret material in: ${leaks.join(', ')}`)
  }],
  ['publint (strict) finds nothing on the tarball', async () => {
    const data = readFileSync(needPack().tarball)
    const { messages, pkg: linted } = await publint({ pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) }, strict: true })
    if (messages.length > 0) throw new Error(messages.map((message) => `${message.type}: ${formatMessage(message, linted)}`).join('\n'))
  }],
  ['arethetypeswrong finds no problem (profile esm-only: the package is ESM only)', () => {
    run(bin('attw'), [needPack().tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'])
  }],
  ['the tarball installs into a scratch project (dependencies from the npm cache first)', () => {
    const project = join(scratch, 'user')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch-user', private: true, type: 'module' }))
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', needPack().tarball], project)
    writeFileSync(join(project, 'user.mjs'), userProgram())
    writeFileSync(join(project, 'user.ts'), typedUserProgram)
  }],
  ['a Node 22 user imports it', () => {
    console.log(`    ${run(process.execPath, ['user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a Node 20 user imports it', () => {
    console.log(`    ${run(systemNode20(), ['user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a Deno user imports it (npm package from node_modules)', () => {
    console.log(`    ${run(bin('deno'), ['run', '--no-lock', '--allow-read=.', 'user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a TypeScript user type-checks against it (module nodenext, strict)', () => {
    run(bin('tsc'), ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', '--types', '', 'user.ts'], join(scratch, 'user'))
  }],
  ['its types are exact (misspelled field, unknown status, wrong side, missing input field refused) and placeOrder (method and function) hovers with its docs', () => checkTypedUser(ROOT, join(scratch, 'user'))],
]

const results: { name: string; ok: boolean; error?: string }[] = []
for (const [name, check] of checks) {
  try {
    await check()
    results.push({ name, ok: true })
    console.log(`  ✓ ${name}`)
  } catch (error) {
    const output = (error as { stdout?: string; stderr?: string }).stdout || (error as { stderr?: string }).stderr || ''
    const message = `${error instanceof Error ? error.message : String(error)}\n${output}`.trim()
    results.push({ name, ok: false, error: message })
    console.log(`  ✗ ${name}\n      ${message.replaceAll('\n', '\n      ')}`)
  }
}
rmSync(scratch, { recursive: true, force: true })
const passed = results.filter((result) => result.ok).length
const report = { runtime: 'npm pack', passed, failed: results.length - passed, results }
mkdirSync(OUT_DIR, { recursive: true })
writeFileSync(join(OUT_DIR, 'packaging.report.json'), `${JSON.stringify(report, null, 2)}\n`)
console.log(`packaging: ${report.passed} passed, ${report.failed} failed`)
process.exitCode = report.failed === 0 ? 0 : 1
