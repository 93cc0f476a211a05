// exchange-client/sign-request: signs a fetch `Request` another HTTP client built (or a proxy forwards),
// with a client's key and clock or with credentials for one-off use.
export { signRequest, type SignRequestOptions } from './edge/sign-request.ts'
