// Every command README.md shows is run by a test: each ```sh line, and each ```bash script whole, must match a
// row of the table below, and each row names the files that run it and a line each of them holds. A command
// the table does not know fails this test, naming it; so does a row that no README command uses any more.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readText } from './markdown.ts'
import { EXCHANGE_COMMAND, isCurlScript, readmeCommands } from './readme.ts'

const ROOT = join(import.meta.dirname, '..', '..')

interface RunBy {
  /** A file, from the repository root, that runs the command. */
  file: string
  /** Text that file holds where it runs it (kept in step with the file, so a rename here fails loudly). */
  holds: string
}

interface Row {
  /** The README command (a ```sh line) or script (a whole ```bash block) this row covers. */
  command: RegExp
  runBy: RunBy[]
}

const RUN_BY: Row[] = [
  {
    command: /^npm ci$/,
    runBy: [
      { file: '.ci/run', holds: 'npm ci --no-audit --no-fund' },
      { file: 'test/packaging/check.ts', holds: 'npm ci --dry-run' },
    ],
  },
  { command: /^npm test$/, runBy: [{ file: '.ci/run', holds: '\nnpm test\n' }] },
  {
    // `npm run demo` is `node demo/serve.ts`; the end-to-end test drives that server's page in Chromium.
    command: /^npm run demo$/,
    runBy: [
      { file: 'package.json', holds: '"demo": "node demo/serve.ts"' },
      { file: 'test/e2e/demo-in-chromium.ts', holds: "import { startDemoServer, type DemoServer } from '../../demo/serve.ts'" },
    ],
  },
  {
    command: /^npm install 'git\+https:\/\/<git host>\/<owner>\/exchange-client\.git'$/,
    runBy: [
      { file: 'test/packaging/installed.ts', holds: 'return `git+file://${bare}`' },
      { file: 'test/packaging/check.ts', holds: 'workingTreeAsGitUrl(' },
    ],
  },
  { command: /^npm pack$/, runBy: [{ file: 'test/packaging/check.ts', holds: "run('npm', ['pack', '--json'" }] },
  {
    command: /^npm install \/path\/to\/exchange-client-[\d.]+\.tgz$/,
    runBy: [{ file: 'test/packaging/check.ts', holds: "installInto('user', needPack().tarball)" }],
  },
  {
    command: /^npx exchange-client-exchange --port \d+$/,
    runBy: [{ file: 'test/packaging/installed.ts', holds: "spawn('npx', ['exchange-client-exchange', '--port', '0']" }],
  },
  {
    // Run with the README's seed on a free port; its output feeds the curl script below.
    command: new RegExp(`^${EXCHANGE_COMMAND} -- --port \\d+ --seed seed\\.json$`),
    runBy: [{ file: 'test/docs/readme-curl.test.ts', holds: 'baseUrl = await startExchange(exchangeCommand[0]!, seedPath)' }],
  },
  {
    // The whole ```bash block that signs with openssl and sends with curl, run as written.
    command: /openssl dgst -sha256 -hmac[\s\S]*curl /,
    runBy: [{ file: 'test/docs/readme-curl.test.ts', holds: "execFileSync('bash', ['-euo', 'pipefail', '-c', curlScript[0]!.body]" }],
  },
]

const commands = readmeCommands(readText(ROOT, 'README.md'))
const rowsOf = (command: string) => RUN_BY.filter((row) => row.command.test(command))

describe('README.md is read in ten minutes', () => {
  it('stays under 500 lines (the rest lives in docs/)', () => {
    expect(readText(ROOT, 'README.md').split('\n').length).toBeLessThan(500)
  })
})

describe('every command in README.md is run by a test', () => {
  it('finds the commands: the two set-up commands, the curl script', () => {
    expect(commands).toContain('npm ci')
    expect(commands).toContain('npm test')
    expect(commands).toContain('npm run demo')
    expect(commands.filter(isCurlScript)).toHaveLength(1)
  })

  it('has a row for every README command (a command without one is named here)', () => {
    const unrun = commands.filter((command) => rowsOf(command).length === 0)
    expect(unrun, 'README commands no test runs: add the test and a row to RUN_BY, or take the command out').toEqual([])
  })

  it('has no row that no README command uses', () => {
    const stale = RUN_BY.filter((row) => !commands.some((command) => row.command.test(command))).map((row) => String(row.command))
    expect(stale).toEqual([])
  })

  it.each(RUN_BY.flatMap((row) => row.runBy.map((runBy) => [String(row.command), runBy.file, runBy] as const)))(
    '%s is run by %s',
    (_command, file, { holds }) => {
      expect(existsSync(join(ROOT, file)), `${file} exists`).toBe(true)
      expect(readFileSync(join(ROOT, file), 'utf8'), `${file} still runs it`).toContain(holds)
    },
  )
})
