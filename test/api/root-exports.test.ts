// The root entry exports what a user calls, and nothing a user can reach changes a client behind its
// back: the clock is a read-only view, and options changed after construction change nothing.
import { describe, expect, it } from 'vitest'
import * as advanced from '../../src/advanced.ts'
import * as root from '../../src/index.ts'
import { TEST_CREDENTIALS, envelope, recordingFetch } from './support.ts'

const ROOT_VALUES = [
  // the client and its core
  'ExchangeClient', 'ExchangeCore', 'withKey',
  // onboarding and wallet signers
  'onboard', 'loginMessage', 'eip1193Signer', 'viemSigner', 'ethersSigner', 'solanaSigner', 'isUserRejection',
  // the credential store, and the secret onboarding and rotation return (which it and the client take)
  'credentialStore', 'IssuedSecret',
  // errors, their code table and guards
  'AUTH_ERROR_CODES', 'ExchangeError', 'ExchangeApiError', 'ExchangeValidationError', 'ExchangeResponseError', 'ExchangeNetworkError',
  'ExchangeRedirectError', 'OrderOutcomeUnknownError', 'OnboardingOutcomeUnknownError', 'SigningCancelledError', 'SigningFailedError',
  'SigningTimeoutError', 'isExchangeError', 'ExchangeKeyRotationError', 'ExchangeOnboardingAnswerError',
  // helpers taken by the client's methods and options
  'paginate', 'realServiceRoutes',
  // live data by polling
  'watch',
]

describe('the root entry', () => {
  it('exports exactly the values a user calls (add one here on purpose, or move it to exchange-client/advanced)', () => {
    expect(Object.keys(root).sort()).toEqual([...ROOT_VALUES].sort())
  })

  it('leaves the signing helpers, the clock estimator and the operation tables to exchange-client/advanced', () => {
    for (const name of ['signingPayload', 'hmacHex', 'importSecretKey', 'ServerClock', 'Stamper', 'operationCatalog', 'perpOperations', 'operation', 'operationFunction', 'bind']) {
      expect(Object.keys(root), name).not.toContain(name)
      expect(Object.keys(advanced), name).toContain(name)
    }
  })
})

describe('a client cannot be changed behind its back', () => {
  const client = (fetch: typeof globalThis.fetch, options: Partial<root.ExchangeClientOptions> = {}) =>
    new root.ExchangeClient({ baseUrl: 'http://exchange.test', ...TEST_CREDENTIALS, fetch, retry: false, now: () => 1_700_000_000_000, ...options })

  it('client.clock is a frozen read-only view: assigning throws, and the timestamps signed stay the same', async () => {
    const { fetch, requests } = recordingFetch(() => envelope({}))
    const signed = client(fetch)
    const { clock } = signed
    expect(Object.isFrozen(clock)).toBe(true)
    expect(() => ((clock as { offsetMs: number }).offsetMs = 3_600_000)).toThrow(TypeError)
    expect(() => ((clock as { synced: boolean }).synced = true)).toThrow(TypeError)
    expect('observe' in clock || 'stamp' in clock).toBe(false)
    expect(clock.offsetMs).toBe(0)
    await signed.request({ method: 'GET', path: '/api/v1/account/overview' })
    expect(requests[0]!.headers.get('x-timestamp')).toBe('1700000000000')
  })

  it('serviceName cannot be assigned', () => {
    const open = client(recordingFetch().fetch)
    expect(() => ((open as { serviceName: string }).serviceName = 'Evil Exchange')).toThrow(TypeError)
    expect(open.serviceName).toBe('1024 Exchange')
  })

  it('options changed after construction (routes, fetch, retry, validateResponses) change nothing', async () => {
    // The first answer is a 503: a retry would be a second request.
    const { fetch, requests } = recordingFetch((_, index) => (index === 0 ? envelope(null, 503) : envelope({ serverTime: 'noon' })))
    const other = recordingFetch()
    const routes: Record<string, { method: 'GET'; path: string }> = {}
    const retry = { limit: 0 }
    const validateResponses: Record<string, unknown> = {}
    const options = { baseUrl: 'http://exchange.test', ...TEST_CREDENTIALS, fetch, retry, routes, validateResponses }
    const built = new root.ExchangeClient(options)
    routes['account.getOverview'] = { method: 'GET', path: '/api/v1/elsewhere' }
    options.fetch = other.fetch
    retry.limit = 5
    validateResponses.system = { getTime: 'not a schema' }
    await expect(built.account.getOverview()).rejects.toMatchObject({ status: 503 })
    await expect(built.system.getTime()).resolves.toEqual({ serverTime: 'noon' })
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/v1/account/overview', '/api/v1/system/time'])
    expect(other.requests).toHaveLength(0)
  })
})
