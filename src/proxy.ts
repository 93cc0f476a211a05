// exchange-client/proxy: a signing proxy for a backend or an edge function, so a page trades with no
// secret (`signingProxy`). The page's client is built with `signedBy: 'proxy'` (a client option, in every build).
export { signingProxy, type ProxyContext, type SigningProxyOptions } from './proxy/signing-proxy.ts'
export { PROXY_ERROR_CODES, type ProxyErrorCode, type CorsOrigins } from './proxy/answers.ts'
export type { OperationClass } from './proxy/allow.ts'
