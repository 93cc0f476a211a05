/** `::ffff:127.0.0.1` (IPv4 seen through an IPv6 socket) → `127.0.0.1`; other addresses unchanged. */
function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase()
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

/**
 * Who is calling: the socket's address, or, only when the exchange trusts a proxy in front of it,
 * the first address of X-Forwarded-For (the original client as the proxy chain reports it).
 */
export function clientAddress(socketAddress: string | undefined, headers: Headers, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined
  return normalizeAddress(forwarded || socketAddress || '')
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
