// exchange-client/proxy: a signing proxy for a backend or an edge function, so a page trades with no
// secret (`signingProxy`), and the option a page's client spreads in to use one (`signedByProxy`).
export { signingProxy, type ProxyContext, type SigningProxyOptions } from './proxy/signing-proxy.ts'
export { signedByProxy } from './proxy/page.ts'
export { PROXY_ERROR_CODES, type ProxyErrorCode, type CorsOrigins } from './proxy/answers.ts'
export type { OperationClass } from './proxy/allow.ts'
