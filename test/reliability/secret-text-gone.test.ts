// The secret's text is gone once the signers are built: a V8 heap snapshot (node:inspector, what DevTools
// reads) taken after building clients, a proxy and a one-off signRequest from a text secret and from an
// IssuedSecret, with the caller keeping nothing, holds no copy of either text. The secrets are made at
// run time (no literal in this file's source), and the test keeps them only as bytes, which a snapshot
// does not show as text, until it searches.
import { randomBytes } from 'node:crypto'
import { Session } from 'node:inspector/promises'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeCore, IssuedSecret, withKey } from '../../src/index.ts'
import { signingProxy } from '../../src/proxy.ts'
import { signRequest } from '../../src/sign-request.ts'

const apiKey = `test_${'ab'.repeat(32)}`
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

async function heapSnapshot(): Promise<string> {
  const session = new Session()
  session.connect()
  const chunks: string[] = []
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ params }) => chunks.push(params.chunk))
  await session.post('HeapProfiler.collectGarbage')
  await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  session.disconnect()
  return chunks.join('')
}

/** Lets every key import started at construction settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100))

/** Builds each signer from a fresh text secret and keeps the signer alone; returns the secrets' bytes. */
function buildSigners(kept: unknown[]): Uint8Array[] {
  const secrets = Array.from({ length: 6 }, () => new Uint8Array(randomBytes(32)))
  const text = (index: number) => hex(secrets[index]!)
  kept.push(withKey(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { apiKey, secretKey: text(0) }))
  kept.push(new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey, secretKey: text(1) }))
  kept.push(new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey, secretKey: new IssuedSecret(text(2)) }))
  kept.push(signingProxy({ target: 'https://api.example.com', apiKey, secretKey: text(3), allow: ['public'] }))
  kept.push(signingProxy({ target: 'https://api.example.com', apiKey, secretKey: new IssuedSecret(text(4)), allow: ['public'] }))
  kept.push(signRequest(new Request('https://api.example.com/api/v1/account/overview'), { apiKey, secretKey: text(5) }))
  return secrets
}

describe("the secret's text after construction", () => {
  it('is nowhere in the heap: not for a core, a client (text or IssuedSecret), a proxy (both) or a one-off signRequest', async () => {
    const kept: unknown[] = []
    const secrets = buildSigners(kept)
    await Promise.all(kept.filter((value) => value instanceof Promise))
    await settled()
    const snapshot = await heapSnapshot()
    expect(kept).toHaveLength(6) // the signers are alive while the snapshot is taken
    const found = secrets.map((bytes, index) => [index, snapshot.includes(hex(bytes))])
    expect(found.filter(([, present]) => present)).toEqual([])
  })

  it('the search finds a text secret that is still held (it can fail)', async () => {
    const bytes = new Uint8Array(randomBytes(32))
    const holder = { text: hex(bytes) }
    const snapshot = await heapSnapshot()
    expect(snapshot.includes(hex(bytes))).toBe(true)
    expect(holder.text).toHaveLength(64)
  })
})
