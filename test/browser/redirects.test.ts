// In a real browser (Chromium) a manual redirect is an opaque response (type opaqueredirect,
// status 0, no Location): the client reports it as a redirect and the target hears nothing.
import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'

const KEY = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }
const recorded = async () => ((await (await fetch(`${inject('redirectTrapUrl')}/recorded`)).json()) as { recorded: number }).recorded

describe('redirects in Chromium', () => {
  const signed = new ExchangeClient({ baseUrl: inject('redirectUrl'), ...KEY, retry: false, dangerouslyAllowBrowser: true })

  it('a signed GET answered 302 is a redirect error (opaque: status 0)', async () => {
    const error = await signed.request({ method: 'GET', path: '/api/v1/account/overview' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'ExchangeRedirectError', kind: 'redirect', status: 0 })
    expect(await recorded()).toBe(0)
  })

  it('a signed POST answered 302 is an unknown outcome caused by the redirect', async () => {
    const error = await signed.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'b-1' }, clientOrderId: 'b-1' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderId: 'b-1', cause: { kind: 'redirect' } })
    expect(await recorded()).toBe(0)
  })

  it('an unsigned GET is not followed either', async () => {
    const error = await new ExchangeClient({ baseUrl: inject('redirectUrl'), retry: false }).request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'redirect' })
    expect(await recorded()).toBe(0)
  })
})
