// Signs a fetch `Request` built by any HTTP client, through the same signing gate as the client's own
// calls (src/auth/gate.ts). A separate entry (exchange-client/sign-request): the core's bundle does not
// carry it.
import { ServerClock } from '../auth/clock.ts'
import { keyGate, type KeyOptions } from '../auth/key-gate.ts'
import { signedRequest } from '../auth/signed-request.ts'
import { Stamper } from '../auth/stamper.ts'
import { ExchangeCore } from '../client.ts'
import { accessOf } from '../core-access.ts'
import { ExchangeValidationError } from '../errors.ts'

/** Credentials for a one-off signature: `apiKey` with `secretKey` (or `sign`), as a client takes them. */
export type SignRequestOptions = KeyOptions

/** Standalone calls share one stamp memory, so two identical one-off requests never get the same timestamp. */
let shared: Stamper | undefined

/**
 * Signs `request` for the exchange: a copy with X-API-KEY, X-TIMESTAMP and X-SIGNATURE, and
 * `redirect: 'manual'` (a redirect would carry the signature elsewhere). With a client (`ExchangeCore`
 * or `ExchangeClient`) as `signer`, through the client's gate: only for the client's base URL, with its
 * estimate of the server's clock (a write under an unconfirmed one is confirmed first, or refused) and
 * its memory of timestamps, so a signature never repeats one of its calls'. With credentials, for
 * one-off use: for the request's own `/api/v1/` path, with the machine's clock and a memory shared by
 * such calls. Refuses (ExchangeValidationError) another origin, user:password in the URL, a method
 * other than GET, POST, PUT and DELETE, a body already read and a body that is not UTF-8.
 */
export async function signRequest(request: Request, signer: object | SignRequestOptions): Promise<Request> {
  if (typeof signer !== 'object' || signer === null) throw new ExchangeValidationError('signer', 'type', 'signer: must be an ExchangeCore or { apiKey, secretKey }')
  const gate = signer instanceof ExchangeCore ? accessOf(signer).transport.gate : keyGate(signer as SignRequestOptions, (shared ??= new Stamper(new ServerClock())), undefined)
  if (!gate) {
    const message = signer instanceof ExchangeCore ? 'signRequest needs a client with credentials (apiKey and secretKey, or sign)' : 'signRequest needs apiKey and secretKey (or sign), or a client that has them'
    throw new ExchangeValidationError('apiKey', 'required', message)
  }
  return signedRequest(gate, request)
}
