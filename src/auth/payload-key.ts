/**
 * A 53-bit digest of an unsigned payload (METHOD + path + body), so the clock can tell identical
 * requests apart from different ones without keeping the payload: memory stays flat whatever the
 * body size, and the cost is one pass over it (two UTF-16 units per step).
 *
 * Not cryptographic, and it need not be: identical payloads always get the same key, so they never
 * share a timestamp; two different payloads that collide merely get distinct timestamps too.
 */
export function payloadKey(payload: string): number {
  let h1 = 0x9e3779b9
  let h2 = 0x85ebca6b
  const length = payload.length
  for (let i = 0; i < length; i += 2) {
    // The last unit of an odd length pairs with 0 (reading past the end would slow the loop down).
    const word = payload.charCodeAt(i) | (i + 1 < length ? payload.charCodeAt(i + 1) << 16 : 0)
    h1 = Math.imul(h1 ^ word, 0x9e3779b1)
    h2 = Math.imul(h2 ^ word, 0x85ebca77)
  }
  h1 = Math.imul(h1 ^ (h2 >>> 15) ^ length, 0x85ebca6b)
  h2 = Math.imul(h2 ^ (h1 >>> 13), 0xc2b2ae35)
  return (h2 >>> 11) * 0x1_0000_0000 + (h1 >>> 0)
}
