import type { IssuedSecret } from '../auth/hidden-secret.ts'
import { ExchangeResponseError } from '../transport/errors.ts'

/**
 * The service answered a rotation, so the key may have a new secret, but the answer could not be
 * used as it is. `secretKey` holds the secret it carried (`reveal()` it and keep it: it is shown
 * once); `inUse` says whether the client signs with it now.
 */
export class ExchangeKeyRotationError extends ExchangeResponseError {
  /** The secret the answer carried (as its JSON, if it was not text); `undefined` if it carried none. */
  readonly secretKey: IssuedSecret | undefined
  /** The client signs with the new secret (the answer held a whole pair); otherwise it kept the old one. */
  readonly inUse: boolean
  constructor(secretKey: IssuedSecret | undefined, inUse: boolean, reason: string) {
    super(
      200,
      `rotate(): the service answered, so the key's secret may have changed, but the answer cannot be used as it is (${reason}). `
        + (secretKey === undefined
          ? 'The answer carried no secretKey: if signed calls now fail with AUTH_INVALID_SIGNATURE, the old secret is dead; onboard again for a new key'
          : inUse
            ? "The client signs with the new secret; keep it: this error's secretKey.reveal()"
            : "The new secret is this error's secretKey: keep it (secretKey.reveal()) and build a client with your apiKey and it; this client still signs with the old one, which may no longer work"),
    )
    this.name = 'ExchangeKeyRotationError'
    this.secretKey = secretKey
    this.inUse = inUse
  }
}
