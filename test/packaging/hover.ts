// Hover text as an editor shows it: asks the TypeScript language service (TypeScript 7's `tsc --lsp`,
// the language server editors run) for the hover at a place in a file, over LSP on stdio.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The project's `tsc` (node_modules/.bin/tsc of `root`). */
const tscOf = (root: string) => join(root, 'node_modules', 'typescript', 'bin', 'tsc')

interface Message {
  id?: number
  method?: string
  result?: unknown
  error?: { message: string }
}

/**
 * The hover markdown at the first occurrence of `marker` in `file` (the cursor on the marker's
 * first character), as the language server of `tscRoot` computes it inside the project `projectDir`.
 */
export async function hoverText(tscRoot: string, projectDir: string, file: string, marker: string): Promise<string> {
  const text = readFileSync(file, 'utf8')
  const offset = text.indexOf(marker)
  if (offset < 0) throw new Error(`${marker} is not in ${file}`)
  const before = text.slice(0, offset).split('\n')
  const position = { line: before.length - 1, character: before[before.length - 1]!.length }
  const uri = pathToFileURL(file).href

  const server = spawn(process.execPath, [tscOf(tscRoot), '--lsp', '--stdio'], { cwd: projectDir, stdio: ['pipe', 'pipe', 'pipe'] })
  // The server logs its shutdown ("context canceled"); its log is shown only with an error.
  let log = ''
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const pending = new Map<number, (message: Message) => void>()
  let buffer = Buffer.alloc(0)
  server.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n')
      if (headerEnd < 0) return
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())![1])
      if (buffer.length < headerEnd + 4 + length) return
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString()) as Message
      buffer = buffer.subarray(headerEnd + 4 + length)
      if (message.id !== undefined && message.method === undefined) pending.get(message.id)?.(message)
      // Requests of the server (configuration, capabilities): answered with nothing.
      else if (message.id !== undefined) send({ jsonrpc: '2.0', id: message.id, result: null })
    }
  })
  const send = (message: object) => {
    const body = JSON.stringify(message)
    server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  }
  let nextId = 0
  const request = (method: string, params: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId
      pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)))
      send({ jsonrpc: '2.0', id, method, params })
    })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))

  try {
    await request('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(projectDir).href,
      capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } } },
    })
    send({ jsonrpc: '2.0', method: 'initialized', params: {} })
    send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'typescript', version: 1, text } } })
    const hover = (await request('textDocument/hover', { textDocument: { uri }, position })) as { contents: { value: string } | string } | null
    if (!hover) return ''
    return typeof hover.contents === 'string' ? hover.contents : hover.contents.value
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${log}`)
  } finally {
    await request('shutdown', {}).catch(() => undefined)
    send({ jsonrpc: '2.0', method: 'exit' })
    server.stdin.end()
    await exited
  }
}
