// What a user does with the package once it is installed somewhere: install it from git, run its bin.
import { execFileSync, spawn } from 'node:child_process'
import { join } from 'node:path'

/**
 * The working tree (tracked and untracked files, minus ignored ones) as a commit in a bare repository under
 * `scratch`, through a throwaway index: the checked-out branch and the real index are left alone. Returns
 * the `git+file://` URL `npm install` takes.
 */
export function workingTreeAsGitUrl(root: string, scratch: string): string {
  const env = {
    ...process.env,
    GIT_INDEX_FILE: join(scratch, 'git-index'),
    GIT_AUTHOR_NAME: 'packaging check', GIT_AUTHOR_EMAIL: 'packaging@example.invalid',
    GIT_COMMITTER_NAME: 'packaging check', GIT_COMMITTER_EMAIL: 'packaging@example.invalid',
  }
  const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
  git(['read-tree', 'HEAD'])
  git(['add', '-A'])
  const commit = git(['commit-tree', git(['write-tree']), '-p', 'HEAD', '-m', 'packaging check: the working tree'])
  const bare = join(scratch, 'exchange-client.git')
  git(['init', '--quiet', '--bare', bare], scratch)
  git(['push', '--quiet', bare, `${commit}:refs/heads/main`])
  git(['symbolic-ref', 'HEAD', 'refs/heads/main'], bare)
  return `git+file://${bare}`
}

/** A guard against a hung process, not a timing assertion: the exchange starts in well under a second. */
const STALL_MS = 60_000

/**
 * `npx exchange-client-exchange --port 0` in `project`: waits for its `listening on <url>` line, asks it
 * for the server time, stops it (SIGTERM to its process group) and returns the answer's serverTime.
 */
export async function serverTimeFromBin(project: string): Promise<number> {
  const child = spawn('npx', ['exchange-client-exchange', '--port', '0'], { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const stall = setTimeout(() => reject(new Error(`no "listening on" line in ${STALL_MS} ms:\n${output}`)), STALL_MS)
      const read = (chunk: Buffer) => {
        output += chunk
        const found = /listening on (http:\/\/\S+)/.exec(output)?.[1]
        if (found) { clearTimeout(stall); resolve(found) }
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.on('error', reject)
      exited.then((status) => { clearTimeout(stall); reject(new Error(`exited with ${status} before listening:\n${output}`)) })
    })
    const response = await fetch(`${url}/api/v1/system/time`)
    const body = (await response.json()) as { success?: boolean; data?: { serverTime?: unknown } }
    if (response.status !== 200 || body.success !== true || typeof body.data?.serverTime !== 'number') {
      throw new Error(`GET /api/v1/system/time answered ${response.status} ${JSON.stringify(body)}`)
    }
    return body.data.serverTime
  } finally {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
    await exited
  }
}
