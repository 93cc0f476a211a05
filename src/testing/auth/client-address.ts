/** `::ffff:127.0.0.1` (IPv4 seen through an IPv6 socket) → `127.0.0.1`; other addresses unchanged. */
function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase()
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

/**
 * How many proxies in front of the exchange add to X-Forwarded-For: `trustProxy` false or absent is
 * none, true is one, a number N is N. Anything else throws a RangeError.
 */
export function trustedProxyCount(trustProxy: boolean | number | undefined): number {
  if (trustProxy === undefined || trustProxy === false) return 0
  if (trustProxy === true) return 1
  if (Number.isSafeInteger(trustProxy) && trustProxy >= 0) return trustProxy
  throw new RangeError(`trustProxy must be true, false or a number of proxies, got ${String(trustProxy)}`)
}

/**
 * Who is calling: the socket's address, or, behind `trustedProxies` proxies the exchange trusts,
 * the address the outermost of them added: the Nth X-Forwarded-For entry from the right. Entries
 * further left are written by the client and are never used. With fewer entries than proxies (the
 * request did not come through all of them), the socket's address.
 */
export function clientAddress(socketAddress: string | undefined, headers: Headers, trustedProxies: number): string {
  const entries = trustedProxies > 0 ? (headers.get('x-forwarded-for') ?? '').split(',') : []
  const added = entries.length >= trustedProxies ? entries[entries.length - trustedProxies]?.trim() : undefined
  return normalizeAddress(added || socketAddress || '')
}

function ipv4ToInt(address: string): number | undefined {
  const parts = address.split('.')
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return undefined
  return parts.reduce((value, part) => value * 256 + Number(part), 0)
}

/** An allowlist entry: an exact address, or an IPv4 block such as `10.0.0.0/8`. */
export function addressAllowed(address: string, allowlist: readonly string[]): boolean {
  if (address === '') return false
  const own = ipv4ToInt(address)
  return allowlist.some((entry) => {
    const [base = '', bits] = entry.split('/')
    if (bits === undefined) return normalizeAddress(base) === address
    const network = ipv4ToInt(base)
    const prefix = Number(bits)
    if (own === undefined || network === undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > 32) return false
    const size = 2 ** (32 - prefix)
    return Math.floor(own / size) === Math.floor(network / size)
  })
}
