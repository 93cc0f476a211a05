/** Payloads up to this many UTF-16 units are read whole. */
const WHOLE = 1024
/** A longer one is read by this many units at each end… */
const END = 256
/** …and this many spread evenly over the middle: the cost is flat whatever the body size. */
const MIDDLE = 256

/**
 * A 53-bit digest of an unsigned payload (METHOD + path + body, given whole or as two parts), so the clock can tell identical
 * requests apart from different ones without keeping the payload: memory stays flat whatever the
 * body size, and so does the time (a long payload is read by its ends and a sample of its middle,
 * at most WHOLE units, well under what signing it costs).
 *
 * Not cryptographic, and it need not be: identical payloads always get the same key, so they never
 * share a timestamp; two different payloads that collide (long ones that differ only between the
 * units read) merely get distinct timestamps too, and are paced together past 1,000 a second.
 */
export function payloadKey(payload: string, rest = ''): number {
  let h1 = 0x9e3779b9
  let h2 = 0x85ebca6b
  // The payload is `payload + rest`, read in place: joining them (or reading a joined string that is
  // not yet flat) would copy a large body once more before signing copies it. Plain loops, no closure
  // per call: the digest runs on every signed attempt.
  const split = payload.length
  const length = split + rest.length
  const whole = length <= WHOLE
  const step = (length - 2 * END) / MIDDLE
  const units = whole ? length : 2 * END + MIDDLE
  for (let n = 0; n < units; n++) {
    const at = whole || n < END ? n : n < END + MIDDLE ? END + Math.floor((n - END) * step) : length - (2 * END + MIDDLE - n)
    const unit = at < split ? payload.charCodeAt(at) : rest.charCodeAt(at - split)
    h1 = Math.imul(h1 ^ unit, 0x9e3779b1)
    h2 = Math.imul(h2 ^ unit, 0x85ebca77)
  }
  h1 = Math.imul(h1 ^ (h2 >>> 15) ^ length, 0x85ebca6b)
  h2 = Math.imul(h2 ^ (h1 >>> 13), 0xc2b2ae35)
  return (h2 >>> 11) * 0x1_0000_0000 + (h1 >>> 0)
}
