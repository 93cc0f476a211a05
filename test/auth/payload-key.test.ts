import { describe, expect, it } from 'vitest'
import { payloadKey } from '../../src/auth/payload-key.ts'

const order = (clientOrderId: string) => `POST/api/v1/perp/orders{"market":"BTC-USDC","side":"buy","size":"0.001","price":"60000","clientOrderId":"${clientOrderId}"}`

describe('payloadKey', () => {
  it('gives identical payloads the same key, however the strings were built', () => {
    const built = ['POST', '/api/v1/perp/orders', JSON.stringify({ market: 'BTC-USDC', side: 'buy', size: '0.001', price: '60000', clientOrderId: 'c1' })].join('')
    expect(payloadKey(built)).toBe(payloadKey(order('c1')))
  })

  it('tells apart 200,000 orders that differ only in their clientOrderId about as well as random 30-bit keys (no drift for different requests)', () => {
    const keys = new Set<number>()
    for (let i = 0; i < 200_000; i++) keys.add(payloadKey(order(`c${i}`)))
    // Random 30-bit keys: n(n-1)/2 pairs, each colliding with odds 2^-30, about 18.6 collisions here.
    const expected = (200_000 * 199_999) / 2 / 2 ** 30
    expect(200_000 - keys.size).toBeLessThanOrEqual(2 * expected)
  })

  it('changes with one character changed, swapped, added or removed, anywhere', () => {
    const base = order('abcdef')
    const variants = [
      `G${base.slice(1)}`,
      `${base.slice(0, 40)}X${base.slice(41)}`,
      `${base.slice(0, -1)}]`,
      `${base.slice(0, 40)}${base[41]}${base[40]}${base.slice(42)}`,
      `${base} `,
      base.slice(0, -1),
      `${base}\u{1F600}`,
    ]
    for (const variant of variants) expect(payloadKey(variant), variant).not.toBe(payloadKey(base))
  })

  it('is an integer in [0, 2^30): a small integer (a V8 Smi) in every engine build, so it keys a Map without a boxed number', () => {
    for (const payload of ['', 'G', 'GET/api/v1/account/overview', 'x'.repeat(100_001), order('c1')]) {
      const key = payloadKey(payload)
      expect(Number.isInteger(key) && key >= 0 && key < 2 ** 30, `${key}`).toBe(true)
    }
  })
})

describe('payloadKey cost', () => {
  it('reads at most 256 characters of a payload however long it is, so stamping costs the same at 1 KB and 1 MB', () => {
    const read = (payload: string) => {
      const charCodeAt = String.prototype.charCodeAt
      let count = 0
      String.prototype.charCodeAt = function (this: string, at: number) {
        count++
        return charCodeAt.call(this, at)
      }
      try {
        payloadKey(payload)
      } finally {
        String.prototype.charCodeAt = charCodeAt
      }
      return count
    }
    expect(read(order('c1'))).toBe(order('c1').length)
    for (const size of [300, 2_000, 64 * 1024, 1024 * 1024]) expect(read(`POST/api/v1/notes${'x'.repeat(size)}`)).toBeLessThanOrEqual(256)
  })

  it('tells apart long payloads that differ at either end, or in length', () => {
    const body = 'x'.repeat(100_000)
    const keys = new Set([`POST/a${body}`, `POST/b${body}`, `POST/a${body}!`, `POST/a${body}x`, `POST/a${body.slice(1)}?`].map((payload) => payloadKey(payload)))
    expect(keys.size).toBe(5)
  })
})

describe('payloadKey in two parts', () => {
  it('is the key of the joined payload, wherever it is split', () => {
    for (const payload of [order('c1'), `POST/api/v1/notes${'y'.repeat(5_000)}z`]) {
      for (const at of [0, 4, 17, payload.length - 1, payload.length]) expect(payloadKey(payload.slice(0, at), payload.slice(at))).toBe(payloadKey(payload))
    }
  })
})
