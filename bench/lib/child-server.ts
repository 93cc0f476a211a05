// Starts a bench server script as a child process and waits for its `listening on <url>` line.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface ChildServer {
  url: string
  close(): void
}

export function startChildServer(script: string, args: string[] = []): Promise<ChildServer> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^listening on (\S+)/.exec(line)?.[1]
      if (!url) return
      child.removeAllListeners('exit')
      resolve({ url, close: () => void child.kill() })
    })
  })
}
