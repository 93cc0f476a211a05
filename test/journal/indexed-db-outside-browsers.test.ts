// Where there is no IndexedDB (Node, Deno, Bun), the IndexedDB journal says what to use instead.
import { describe, expect, it } from 'vitest'
import { ExchangeValidationError, isExchangeError } from '../../src/errors.ts'
import { indexedDbStore } from '../../src/journal/indexed-db.ts'
import { failure } from '../support/failure.ts'

describe('the IndexedDB journal outside browsers', () => {
  it('fails its first call naming the file journal to use', async () => {
    expect('indexedDB' in globalThis).toBe(false)
    const error = await failure(indexedDbStore('bot').put({ id: 'a' } as never))
    expect(isExchangeError(error, 'storage')).toBe(true)
    expect((error as Error).message).toBe(
      'indexedDbJournal needs IndexedDB (a browser page or worker); in Node, Deno or Bun use fileJournal from exchange-client/journal-file',
    )
  })

  it('refuses a name that is not a non-empty string', () => {
    for (const bad of ['', undefined, 7]) expect(() => indexedDbStore(bad as string)).toThrow(ExchangeValidationError)
  })
})
