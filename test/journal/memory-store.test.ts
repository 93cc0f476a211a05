import { describe, expect, it } from 'vitest'
import { ExchangeValidationError } from '../../src/errors.ts'
import { memoryStore } from '../../src/journal/memory.ts'
import { failure } from '../support/failure.ts'
import { sampleRecord } from './support/sample-record.ts'

describe('the memory journal', () => {
  it('lists what was put and not deleted, in the order first put, with a record put again holding its last contents', async () => {
    const store = memoryStore()
    for (const id of ['a', 'b', 'c']) await store.put(sampleRecord(id))
    await store.delete('b')
    await store.delete('never-put')
    await store.put(sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }))
    expect(await store.list()).toEqual([sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }), sampleRecord('c')])
  })

  it('keeps copies: changing a record after put, or one list returned, changes nothing stored', async () => {
    const store = memoryStore()
    const record = sampleRecord('a')
    await store.put(record)
    ;(record.clientOrderIds as string[]).push('changed')
    ;((await store.list())[0]!.input as Record<string, unknown>).price = 'changed'
    expect(await store.list()).toEqual([sampleRecord('a')])
  })

  it('refuses a record without an id', async () => {
    expect(await failure(memoryStore().put(sampleRecord('')))).toMatchObject({ field: 'record.id', rule: 'type' })
    expect(await failure(memoryStore().delete(undefined as unknown as string))).toBeInstanceOf(ExchangeValidationError)
  })
})
