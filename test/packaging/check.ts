// Packaging checks on the packed package, as npm would publish it:
//   node test/packaging/check.ts
// Removes dist/ and packs once (the `prepare` script builds it), then: the tarball's file list, readable
// dist (class names, source maps), publint, arethetypeswrong, a scratch project that installs the tarball,
// imports it from Node 22, Node 20 and Deno, type-checks against it and runs its bin; `npm ci` on the
// lockfile; an install from a git URL. The JSR side (jsr.json, `deno publish --dry-run`) is test/packaging/jsr.test.ts.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { VERIFIER_KEY } from '../support/verifying-server.ts'
import { SIGNING_VECTORS, VECTOR_KEY } from '../conformance/vectors.ts'
import { systemNode20 } from '../runtimes/drivers/cli-runtime.ts'
import { OUT_DIR, ROOT } from '../runtimes/bundle.ts'
import { runtimeBin } from '../runtimes/tools.ts'
import { serverTimeFromBin, workingTreeAsGitUrl } from './installed.ts'
import { classNamesProgram, sourceMapProblems } from './readable-dist.ts'
import { foreignWords } from './shipped-words.ts'
import { exportTargets, forbiddenFiles, leakedSecrets } from './tarball.ts'
import { checkTypedUser } from './typed-user/check.ts'
import { runFromLocalPath } from './local-path.ts'

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)
const run = (command: string, args: string[], cwd = ROOT) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

const scratch = mkdtempSync(join(tmpdir(), 'exchange-client-pack-'))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>

interface Packed {
  tarball: string
  files: string[]
}

const unpacked = join(scratch, 'unpacked', 'package')

/** `npm pack` from a tree without dist/: the `prepare` script must build it. */
function pack(): Packed {
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true })
  // The build's own output precedes npm's JSON on stdout.
  const stdout = run('npm', ['pack', '--json', '--pack-destination', scratch])
  const [result] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as [{ filename: string; files: { path: string }[] }]
  const tarball = join(scratch, result.filename)
  mkdirSync(join(scratch, 'unpacked'))
  run('tar', ['-xzf', tarball, '-C', join(scratch, 'unpacked')])
  return { tarball, files: result.files.map((file) => file.path) }
}

/** The package's code entries as a user imports them: 'exchange-client', 'exchange-client/strict', … (not its JSON files). */
const importSpecifiers = Object.keys(pkg.exports as object).filter((subpath) => !subpath.endsWith('.json')).map((subpath) => `${pkg.name as string}${subpath.slice(1)}`)

/** A user's program that reads the OpenAPI document the package ships, as JSON modules are imported. */
const openApiUserProgram = `import doc from 'exchange-client/openapi.json' with { type: 'json' }
const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
if (!doc.openapi.startsWith('3.1.') || !operations.some((operation) => operation.operationId === 'perp.placeOrder')) throw new Error('not the OpenAPI document')
console.log('exchange-client/openapi.json: OpenAPI ' + doc.openapi + ', ' + operations.length + ' operations')
`

/** A scratch project with only a package.json; `npm install` of `what` into it, from the npm cache first. */
function installInto(name: string, what: string): string {
  const project = join(scratch, name)
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `scratch-${name}`, private: true, type: 'module' }))
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', what], project)
  return project
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
  ['npm pack, dist/ removed first, builds it (prepare) and makes a tarball', () => {
    packed = pack()
    if (!packed.files.includes('dist/index.js')) throw new Error('npm pack did not build dist/: the tarball has no dist/index.js')
  }],
  ['the tarball holds every file the package.json points at (exports, main, types, unpkg, bin)', () => {
    const missing = exportTargets(pkg).filter((file) => !needPack().files.includes(file))
    if (missing.length > 0) throw new Error(`missing from the tarball: ${missing.join(', ')}`)
  }],
  ['the OpenAPI document ships: docs/openapi.json is in the tarball, as it is committed', () => {
    if (!needPack().files.includes('docs/openapi.json')) throw new Error('docs/openapi.json is not in the tarball')
    if (readFileSync(join(unpacked, 'docs', 'openapi.json'), 'utf8') !== readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) throw new Error('the packed docs/openapi.json differs from the committed one')
  }],
  ['every file the shipped README links to ships with it (docs/, screenshots)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const targets = [...readme.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)].map((match) => match[1]!.replace(/^\.\//, ''))
    const missing = [...new Set(targets)].filter((file) => !needPack().files.includes(file))
    if (missing.length > 0) throw new Error(`README links to files the tarball lacks: ${missing.join(', ')}`)
  }],
  ['the tarball holds nothing test-only or secret', () => {
    const forbidden = forbiddenFiles(needPack().files)
    if (forbidden.length > 0) throw new Error(`files that must not ship: ${forbidden.join(', ')}`)
    const leaks = leakedSecrets(unpacked, [VERIFIER_KEY.secretKey, VECTOR_KEY.secretKey])
    if (leaks.length > 0) throw new Error(`secret material in: ${leaks.join(', ')}`)
  }],
  ['what ships speaks of this project alone: no SPEC.md, real-service.md, issue numbers or source tags (docs, dist, source maps)', () => {
    const found = foreignWords(unpacked, needPack().files)
    if (found.length > 0) throw new Error(found.join('\n'))
  }],
  ['the shipped source maps embed src/ and map every class back to its declaration', () => {
    needPack()
    const { problems, classesMapped } = sourceMapProblems(join(unpacked, 'dist'), join(ROOT, 'dist'), join(ROOT, 'src'))
    if (problems.length > 0) throw new Error(problems.join('\n'))
    if (classesMapped === 0) throw new Error('no class found in the shipped ESM to map back')
    console.log(`    ${classesMapped} classes map back to their line in src/`)
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
    const project = installInto('user', needPack().tarball)
    writeFileSync(join(project, 'user.mjs'), userProgram())
    writeFileSync(join(project, 'user.ts'), typedUserProgram)
    writeFileSync(join(project, 'names.mjs'), classNamesProgram(importSpecifiers))
    writeFileSync(join(project, 'openapi.mjs'), openApiUserProgram)
  }],
  ['a Node 22 user imports it', () => {
    console.log(`    ${run(process.execPath, ['user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a Node 22 user imports exchange-client/openapi.json', () => {
    console.log(`    ${run(process.execPath, ['openapi.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a Node 20 user imports it', () => {
    console.log(`    ${run(systemNode20(), ['user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a Deno user imports it (npm package from node_modules)', () => {
    console.log(`    ${run(runtimeBin('deno'), ['run', '--no-lock', '--allow-read=.', 'user.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['a TypeScript user type-checks against it (module nodenext, strict)', () => {
    run(bin('tsc'), ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', '--types', '', 'user.ts'], join(scratch, 'user'))
  }],
  ['every error class keeps its name in each ESM entry and in the IIFE (run in node:vm)', () => {
    console.log(`    ${run(process.execPath, ['names.mjs'], join(scratch, 'user')).trim()}`)
  }],
  ['its bin runs: npx exchange-client-exchange --port 0 answers GET /api/v1/system/time', async () => {
    const serverTime = await serverTimeFromBin(join(scratch, 'user'))
    // Not a timing assertion: a clock a day off means the answer is not a server time at all.
    if (Math.abs(serverTime - Date.now()) > 86_400_000) throw new Error(`serverTime ${serverTime} is not now`)
    console.log(`    serverTime ${serverTime}`)
  }],
  ['npm ci accepts package.json with package-lock.json (npm ci --dry-run on a copy of the two)', () => {
    const copy = join(scratch, 'ci')
    mkdirSync(copy)
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(copy, file))
    run('npm', ['ci', '--dry-run', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], copy)
  }],
  ['it installs from a git URL (the working tree as a commit): prepare builds dist/, a Node 22 user signs', () => {
    const project = installInto('git-user', workingTreeAsGitUrl(ROOT, scratch))
    if (!existsSync(join(project, 'node_modules', 'exchange-client', 'dist', 'index.js'))) throw new Error('installed without dist/index.js')
    writeFileSync(join(project, 'user.mjs'), userProgram())
    console.log(`    ${run(process.execPath, ['user.mjs'], project).trim()}`)
  }],
  ['its types are exact (misspelled field, unknown status, wrong side, missing input field refused) and placeOrder (method and function) hovers with its docs', () => checkTypedUser(ROOT, join(scratch, 'user'))],
  ["README.md's Install for Deno runs as written: the import map and deno.ts, with no node_modules", async () => {
    console.log(`    ${await runFromLocalPath(ROOT, scratch, 'deno', runtimeBin('deno'))}`)
  }],
  ["README.md's Install for Bun runs as written: bun.ts imports the clone's path, with no node_modules", async () => {
    console.log(`    ${await runFromLocalPath(ROOT, scratch, 'bun', runtimeBin('bun'))}`)
  }],
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
