/** Payloads up to this many UTF-16 units are read whole. */
const WHOLE = 256
/** A longer one is read by this many units at each end… */
const END = 64
/** …and by at most this many spread evenly over the middle: the cost is flat whatever the body size. */
const MIDDLE = 128

/**
 * A 30-bit digest of an unsigned payload (METHOD + path + body, given whole or as two parts), so the
 * clock can tell identical requests apart from different ones without keeping the payload: memory
 * stays flat whatever the body size, and so does the time (a long payload is read by its ends and
 * every ⌈middle / MIDDLE⌉-th unit of its middle, at most WHOLE units: reading a unit costs 1–2.5 ns, so
 * about 0.5 µs at most, a few percent of what signing costs). 30 bits, so the key is a small integer
 * everywhere (a V8 Smi): it keys a Map without a boxed number.
 *
 * Not cryptographic, and it need not be: identical payloads always get the same key, so they never
 * share a timestamp; two different payloads that collide (one pair in about a billion, or long ones
 * that differ only between the units read) merely get distinct timestamps too, and are paced
 * together past 1,000 a second.
 */
export function payloadKey(payload: string, rest = ''): number {
  const length = payload.length + rest.length
  let h = 0x811c9dc5 ^ length
  if (length <= WHOLE) {
    h = mix(payload, rest, 0, length, 1, h)
  } else {
    h = mix(payload, rest, 0, END, 1, h)
    h = mix(payload, rest, END, length - END, Math.ceil((length - 2 * END) / MIDDLE), h)
    h = mix(payload, rest, length - END, length, 1, h)
  }
  // Murmur3's finalizer, so every unit read moves the top bits kept.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 2
}

/**
 * Folds the units `from`, `from + stride`, … below `to` of `payload + rest` into `h`, read in place:
 * joining the parts (or reading a joined string that is not yet flat) would copy a large body once
 * more before signing copies it. Each step (FNV-1a's) is one-to-one in `h` and in the unit, so a
 * change at any unit read changes the 32-bit state.
 */
function mix(payload: string, rest: string, from: number, to: number, stride: number, h: number): number {
  const split = payload.length
  let at = from
  for (; at < to && at < split; at += stride) h = Math.imul(h ^ payload.charCodeAt(at), 0x01000193)
  for (; at < to; at += stride) h = Math.imul(h ^ rest.charCodeAt(at - split), 0x01000193)
  return h
}
