// What each runtime's fetch throws when it gets no answer (shapes copied from Node 20/22 undici,
// Deno 2 and Bun 1.x, as they reported the loopback failures of network-failures.test.ts, and from
// browsers), and the code and message the client makes of each.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeNetworkError, ExchangeValidationError, OrderOutcomeUnknownError } from '../../src/index.ts'
import { isBadPort } from '../../src/transport/network-failure.ts'
import { failure } from '../support/failure.ts'

const BASE = 'https://api.example.test:8443'
const ENDPOINT = 'GET api.example.test:8443 /api/v1/perp/markets'

const systemError = (message: string, code: string) => Object.assign(new Error(message), { code })
const undici = (cause: unknown) => new TypeError('fetch failed', { cause })
const bun = (message: string, code: string) => Object.assign(new TypeError(message), { code })
const deno = (message: string) => undici(new Error(`error sending request for url (${BASE}/api/v1/perp/markets?cursor=c-42): client error (Connect): ${message}`))

const throwing = (thrown: unknown) => (async () => {
  throw thrown
}) as typeof globalThis.fetch

const failed = (thrown: unknown, method: 'GET' | 'POST' = 'GET') =>
  failure(new ExchangeClient({ baseUrl: BASE, fetch: throwing(thrown), retry: false }).request({ method, path: '/api/v1/perp/markets', query: { cursor: 'c-42' }, body: method === 'GET' ? undefined : {} }))

describe('each runtime\'s report of a failed connection becomes one code', () => {
  it.each([
    ['Node: cause.code', undici(systemError('connect ECONNREFUSED 10.0.0.1:8443', 'ECONNREFUSED')), 'ECONNREFUSED'],
    ['Node: happy-eyeballs AggregateError under the cause', undici(new AggregateError([systemError('connect ECONNREFUSED ::1:8443', 'ECONNREFUSED'), systemError('connect ECONNREFUSED 127.0.0.1:8443', 'ECONNREFUSED')])), 'ECONNREFUSED'],
    ['Node: a cause of the cause', undici(Object.assign(new Error('connect failed'), { cause: systemError('getaddrinfo ENOTFOUND api.example.test', 'ENOTFOUND') })), 'ENOTFOUND'],
    ['Node: undici "other side closed"', undici(systemError('other side closed', 'UND_ERR_SOCKET')), 'ECONNRESET'],
    ['Node: undici connect timeout', undici(systemError('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT')), 'ETIMEDOUT'],
    ['Node: expired certificate', undici(systemError('certificate has expired', 'CERT_HAS_EXPIRED')), 'CERT_HAS_EXPIRED'],
    ['Node: unknown issuer', undici(systemError('unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')), 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    ['Bun: code on the error', bun('ECONNREFUSED: Unable to connect. Is the computer able to access the url?', 'ECONNREFUSED'), 'ECONNREFUSED'],
    ['Bun before 1.1: ConnectionRefused', bun('Unable to connect. Is the computer able to access the url?', 'ConnectionRefused'), 'ECONNREFUSED'],
    ['Bun: self-signed certificate', bun('self signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'), 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    ['Deno: refused', deno('tcp connect error: Connection refused (os error 111)'), 'ECONNREFUSED'],
    ['Deno 1: refused, on the TypeError itself', new TypeError('error sending request for url (https://api.example.test:8443/): tcp connect error: Connection refused (os error 111)'), 'ECONNREFUSED'],
    ['Deno: reset', undici(new Error('Connection reset by peer (os error 104)')), 'ECONNRESET'],
    ['Deno: closed', deno('connection closed before message completed'), 'ECONNRESET'],
    ['Deno: DNS', deno('dns error: failed to lookup address information: Name or service not known'), 'ENOTFOUND'],
    ['Deno: self-signed certificate', deno('invalid peer certificate: Other(OtherError(CaUsedAsEndEntity))'), 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    ['Deno: expired certificate', deno('invalid peer certificate: Expired'), 'CERT_HAS_EXPIRED'],
    ['Deno: unknown issuer', deno('invalid peer certificate: UnknownIssuer'), 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    ['Deno: certificate for another name', deno('invalid peer certificate: NotValidForName'), 'ERR_TLS_CERT_ALTNAME_INVALID'],
  ])('%s → %s', async (_, thrown, code) => {
    const error = await failed(thrown)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network', code })
    expect((error as Error).message).toMatch(new RegExp(`^${ENDPOINT} failed: [a-zA-Z -]+ \\(${code}\\)$`))
  })

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])('a browser\'s "%s": no code, and the message says the browser hides the cause', async (message) => {
    const error = await failed(new TypeError(message))
    expect(error).toMatchObject({ kind: 'network', code: undefined })
    expect((error as Error).message).toContain(`${ENDPOINT} failed: the browser hides the cause ("${message}")`)
  })

  it('workerd\'s "Network connection lost.": no code, and the message says the runtime hides the cause', async () => {
    const error = await failed(new Error('Network connection lost.'))
    expect(error).toMatchObject({ kind: 'network', code: undefined })
    expect((error as Error).message).toBe(`${ENDPOINT} failed: the runtime (workerd) hides the cause ("Network connection lost."): refused, unknown host, certificate or CORS`)
  })

  it('never quotes a header value a runtime put in its words: the API key, the signature', async () => {
    const apiKey = `1024_${'ab'.repeat(32)}`
    const signature = 'c3'.repeat(32)
    const error = await failed(undici(new Error(`invalid header: X-API-KEY: ${apiKey}, X-SIGNATURE: ${signature.toUpperCase()}`)))
    expect((error as Error).message).toBe(`${ENDPOINT} failed: fetch failed: invalid header: X-API-KEY: [hidden], X-SIGNATURE: [hidden]`)
  })

  it('a code no table lists is passed on as it came; an unknown rustls reason is no code', async () => {
    const error = await failed(undici(systemError('write EPIPE', 'EPIPE')))
    expect(error).toMatchObject({ kind: 'network', code: 'EPIPE', message: `${ENDPOINT} failed: network error (EPIPE)` })
    expect(await failed(deno('invalid peer certificate: BadSignature'))).toMatchObject({ kind: 'network', code: undefined })
  })

  it('an unknown report keeps the runtime\'s words, without the query of a URL quoted in them', async () => {
    const error = await failed(deno('something new went wrong'))
    expect(error).toMatchObject({ kind: 'network', code: undefined })
    expect((error as Error).message).toBe(`${ENDPOINT} failed: fetch failed: error sending request for url (${BASE}/api/v1/perp/markets): client error (Connect): something new went wrong`)
  })

  it.each([['6000', true], ['1', true], ['10080', true], ['6001', false], ['8443', false], ['', false]])('a browser\'s bare "Failed to fetch" for a write to port %s: never sent (a bad port, refused before connecting) = %s', async (port, neverSent) => {
    const base = `http://api.example.test${port ? `:${port}` : ''}`
    const client = new ExchangeClient({ baseUrl: base, fetch: throwing(new TypeError('Failed to fetch')), retry: false })
    const error = await failure(client.request({ method: 'POST', path: '/api/v1/perp/orders', body: {} }))
    if (neverSent) {
      expect(error).toBeInstanceOf(ExchangeNetworkError)
      expect(error).toMatchObject({ code: 'ERR_UNSAFE_PORT', message: `POST api.example.test:${port} /api/v1/perp/orders failed: never sent: a port fetch refuses (ERR_UNSAFE_PORT)` })
    } else {
      expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    }
  })

  it('a base URL with a user and password is refused before anything is sent, and the message never quotes them', async () => {
    let error: unknown
    try {
      new ExchangeClient({ baseUrl: 'http://proxy-user:proxy-pass@127.0.0.1:9', ...{ apiKey: `1024_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }, retry: false })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect((error as Error).message).toBe('baseUrl: must be a URL without user:password (use the key and secret options)')
    expect((error as Error).message).not.toMatch(/proxy-user|proxy-pass/)
  })

  it('a URL with a user and password in a runtime\'s words: the message never quotes them', async () => {
    // The client refuses such a baseUrl (test/transport/input-checks.test.ts); a runtime may still quote one (a proxy's URL).
    const error = await failed(new TypeError('fetch failed', { cause: new Error('connect via http://proxy-user:proxy-pass@10.0.0.9:3128 broke off') }))
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect((error as Error).message).toBe(`${ENDPOINT} failed: fetch failed: connect via http://10.0.0.9:3128 broke off`)
    expect((error as Error).message).not.toMatch(/proxy-user|proxy-pass/)
  })

  it('a bad port does not turn a runtime\'s own report of a reset into "never sent"', async () => {
    const client = new ExchangeClient({ baseUrl: 'http://api.example.test:6000', fetch: throwing(undici(systemError('read ECONNRESET', 'ECONNRESET'))), retry: false })
    expect(await failure(client.request({ method: 'POST', path: '/api/v1/perp/orders', body: {} }))).toBeInstanceOf(OrderOutcomeUnknownError)
  })

  it('a refusal in any runtime proves a write never left; a reset does not', async () => {
    expect(await failed(deno('tcp connect error: Connection refused (os error 111)'), 'POST')).toBeInstanceOf(ExchangeNetworkError)
    expect(await failed(bun('Unable to connect.', 'ConnectionRefused'), 'POST')).toBeInstanceOf(ExchangeNetworkError)
    const reset = await failed(bun('The socket connection was closed unexpectedly.', 'ECONNRESET'), 'POST')
    expect(reset).toBeInstanceOf(OrderOutcomeUnknownError)
    expect((reset as Error).cause).toMatchObject({ code: 'ECONNRESET' })
  })
})

describe('the bad ports, as the Fetch standard lists them', () => {
  // https://fetch.spec.whatwg.org/#bad-port (the ports undici answers "bad port" for, too).
  const FETCH_STANDARD = [1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]

  it('isBadPort holds exactly those, of every port there is', () => {
    const bad = Array.from({ length: 65_536 }, (_, port) => port).filter(isBadPort)
    expect(bad).toEqual(FETCH_STANDARD)
  })
})
