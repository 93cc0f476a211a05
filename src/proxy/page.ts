// The page's side of a signing proxy: a client with no secret whose signed calls the proxy signs.

/**
 * Spread into a client's options (`new ExchangeClient({ baseUrl: '/exchange', ...signedByProxy })`)
 * pointed at a `signingProxy`: its methods that need a key then go out unsigned, for the proxy to
 * sign, instead of being refused for lack of credentials. It holds no secret: the key here is a
 * placeholder and the "signature" a fixed word, which the proxy drops with every other incoming
 * signing header. The client still stamps each call, so an unknown write outcome carries the time
 * it left (`lastSignedAt`) and `reconcile` through the proxy can tell when "not found" is final.
 */
export const signedByProxy: { readonly apiKey: string; readonly sign: (payload: string) => Promise<string> } = {
  apiKey: `prxy_${'0'.repeat(64)}`,
  sign: () => Promise.resolve('signed-by-proxy'),
}
