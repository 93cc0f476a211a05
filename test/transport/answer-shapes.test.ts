// What an answer that is not a plain success becomes, by its shape: which body reads as a proxy's
// HTML page, which code a refusal without one gets, a 3xx against a 304; and what a call refuses.
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { fetchDouble } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const answer = (reply: Response) =>
  new ExchangeClient({ baseUrl, fetch: fetchDouble(reply).fetch, retry: false })
    .request({ method: 'GET', path: '/p' })
    .then((data): { data?: unknown; error?: unknown } => ({ data }), (error: unknown) => ({ error }))
/** A body with no content-type header at all. */
const untyped = (text: string, status = 502) => new Response(new TextEncoder().encode(text), { status })

describe('a body that is not JSON says what it looks like', () => {
  it.each([
    ['<html>…', 'text/plain', 'HTML (a proxy or gateway page?)'],
    ['  \n<html>…', 'text/plain', 'HTML (a proxy or gateway page?)'],
    ['oops', 'text/html; charset=utf-8', 'HTML (a proxy or gateway page?)'],
    ['a<b', 'text/plain', 'text that is not JSON'],
    ['ab <b>', 'text/plain', 'text that is not JSON'],
  ])('%j as %s: %s', async (body, type, what) => {
    const { error } = await answer(new Response(body, { status: 502, headers: { 'content-type': type } }))
    expect(error).toMatchObject({ kind: 'response', status: 502, message: `HTTP 502: expected the JSON envelope, got ${what}` })
  })

  it('without a content-type: HTML by its first character, text otherwise, or an empty body', async () => {
    expect((await answer(untyped('oops'))).error).toMatchObject({ message: 'HTTP 502: expected the JSON envelope, got text that is not JSON' })
    expect((await answer(untyped('<p>'))).error).toMatchObject({ message: 'HTTP 502: expected the JSON envelope, got HTML (a proxy or gateway page?)' })
    expect((await answer(untyped(''))).error).toMatchObject({ message: 'HTTP 502: expected the JSON envelope, got an empty body' })
    const { error } = await answer(untyped('{cut'))
    expect((error as Error).cause).toBeInstanceOf(SyntaxError)
  })
})

describe('the envelope at the 400 boundary', () => {
  it('a 400 saying success without an error is still a refusal, coded HTTP_400', async () => {
    const { error } = await answer(new Response(JSON.stringify({ success: true, data: 1 }), { status: 400 }))
    expect(error).toMatchObject({ kind: 'api', status: 400, code: 'HTTP_400' })
  })

  it('a 299 saying success is a success', async () => {
    expect(await answer(new Response(JSON.stringify({ success: true, data: 1 }), { status: 299 }))).toEqual({ data: 1 })
  })
})

describe('redirects', () => {
  it('a 300 is a redirect; a 304 is not (it is an answer without the envelope)', async () => {
    expect((await answer(new Response(null, { status: 300, headers: { location: '/elsewhere' } }))).error).toMatchObject({ kind: 'redirect', status: 300, location: '/elsewhere' })
    expect((await answer(new Response(null, { status: 304 }))).error).toMatchObject({ kind: 'response', status: 304 })
  })
})

describe('a call refuses', () => {
  const client = new ExchangeClient({ baseUrl, fetch: fetchDouble(untyped('')).fetch, retry: false })
  const refused = (spec: Record<string, unknown>) => client.request(spec as never).then(() => undefined, (error: unknown) => error)

  it.each(['XGET', 'GETS', ' GET'])('the method %j', async (method) => {
    expect(await refused({ method, path: '/p' })).toMatchObject({ field: 'method', message: 'method: must be GET, POST, PUT or DELETE' })
  })

  it('a path that is not a string, even one whose first element is "/"', async () => {
    expect(await refused({ method: 'GET', path: ['/'] })).toMatchObject({ field: 'path', message: 'path: must be a path starting with "/"' })
  })

  it('a signal-like object without addEventListener', async () => {
    expect(await refused({ method: 'GET', path: '/p', signal: { aborted: false } })).toMatchObject({ field: 'signal' })
  })

  it('client options that are not an object, by name', () => {
    expect(() => new ExchangeClient('https://api.example.test' as never)).toThrow(expect.objectContaining({ field: 'options', message: 'options: must be an object' }))
  })
})
