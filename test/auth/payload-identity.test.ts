// What makes two payloads one for the clock's stamp memory: a payload given whole or as a head and a
// body is the same payload; a long one is read by its ends and an even sample of its middle, and every
// unit it reads counts. Which units are read is observed (String.prototype.charCodeAt watched), not
// computed as the code does.
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../src/auth/clock.ts'
import { Stamper } from '../../src/auth/stamper.ts'
import { payloadKey } from '../../src/auth/payload-key.ts'

/** The positions of `payload` the digest reads, in order. */
function positionsRead(payload: string): number[] {
  const charCodeAt = String.prototype.charCodeAt
  const read: number[] = []
  String.prototype.charCodeAt = function (this: string, at: number) {
    read.push(at)
    return charCodeAt.call(this, at)
  }
  try {
    payloadKey(payload)
  } finally {
    String.prototype.charCodeAt = charCodeAt
  }
  return read
}

const withUnitAt = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'y' ? 'z' : 'y'}${text.slice(at + 1)}`

describe('a long payload', () => {
  // 1,152 units: 64 at each end, 1,024 in the middle.
  const LENGTH = 1152
  const payload = `POST/api/v1/notes${'x'.repeat(LENGTH - 17)}`

  it('is read at its first and last 64 units, and at 128 distinct units spread evenly over the middle', () => {
    const read = positionsRead(payload)
    const inMiddle = [...new Set(read.filter((at) => at >= 64 && at < LENGTH - 64))].sort((a, b) => a - b)
    for (let at = 0; at < 64; at++) expect(read).toContain(at)
    for (let at = LENGTH - 64; at < LENGTH; at++) expect(read).toContain(at)
    expect(inMiddle).toHaveLength(128)
    // Evenly: no gap between neighbours wider than the middle's share per unit read (1,024 / 128 = 8).
    const gaps = inMiddle.slice(1).map((at, i) => at - inMiddle[i]!)
    expect(Math.max(...gaps, inMiddle[0]! - 64, LENGTH - 64 - inMiddle.at(-1)!)).toBeLessThanOrEqual(8)
    expect(read.every((at) => at >= 0 && at < LENGTH)).toBe(true)
  })

  it('changes its key with a change at any unit read', () => {
    const key = payloadKey(payload)
    const read = [...new Set(positionsRead(payload))]
    for (const at of read) {
      if (payloadKey(withUnitAt(payload, at)) === key) expect.fail(`a change at ${at}, a unit read, left the key as it was`)
    }
  })

  it('given as a head and a body, is the same payload as given whole, wherever it is split', () => {
    const key = payloadKey(payload)
    for (const split of [0, 1, 17, 63, 64, 65, 600, LENGTH - 65, LENGTH - 64, LENGTH - 1, LENGTH]) {
      expect(payloadKey(payload.slice(0, split), payload.slice(split))).toBe(key)
    }
  })
})

describe('the stamp memory stamps a payload, however it is given, as one', () => {
  it('whole, as a head with an empty body, or split anywhere: the same millisecond is not handed out twice', () => {
    const at = Date.UTC(2027, 0, 1)
    const clock = new Stamper(new ServerClock(() => at, () => 0))
    expect(clock.stamp('GET/api/v1/account/overview')).toBe(at)
    expect(clock.stamp('GET/api/v1/account/overview', '')).toBe(at + 1)
    expect(clock.stamp('GET/api/v1/account', '/overview')).toBe(at + 2)
    // A different payload has the millisecond to itself.
    expect(clock.stamp('GET/api/v1/account/balances')).toBe(at)
  })
})

describe('payloads the digest cannot tell apart', () => {
  const at = Date.UTC(2027, 0, 1)
  const order = (clientOrderId: string) => `POST/api/v1/perp/orders{"market":"BTC-USDC","clientOrderId":"${clientOrderId}"}`

  /** Two different orders whose keys collide, found by search (the key is 30 bits: one in about 2^15 tries). */
  function collidingOrders(): [string, string] {
    const seen = new Map<number, string>()
    for (let i = 0; i < 1_000_000; i++) {
      const payload = order(`c${i}`)
      const other = seen.get(payloadKey(payload))
      if (other !== undefined) return [other, payload]
      seen.set(payloadKey(payload), payload)
    }
    throw new Error('no two orders of a million share a key')
  }

  it('two different payloads whose keys collide still never share a timestamp: they are paced together', () => {
    const [first, second] = collidingOrders()
    expect(first).not.toBe(second)
    const clock = new Stamper(new ServerClock(() => at, () => 0))
    const stamps = [clock.stamp(first), clock.stamp(second), clock.stamp(first), clock.stamp(second)]
    expect(new Set(stamps).size).toBe(4)
    expect(Math.min(...stamps)).toBe(at)
  })

  it('a long body differing only at a unit the digest does not read gets a timestamp of its own', () => {
    const body = `{"note":"${'x'.repeat(10_000)}"}`
    const head = 'POST/api/v1/notes'
    const read = new Set(positionsRead(head + body))
    let unread = head.length + 300
    while (read.has(unread)) unread++
    const other = withUnitAt(head + body, unread).slice(head.length)
    expect(other).not.toBe(body)
    expect(payloadKey(head, other)).toBe(payloadKey(head, body))
    const clock = new Stamper(new ServerClock(() => at, () => 0))
    expect(clock.stamp(head, body)).toBe(at)
    expect(clock.stamp(head, other)).toBe(at + 1)
  })
})
