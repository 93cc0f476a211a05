import { hideAnswer, type IssuedSecret } from '../auth/hidden-secret.ts'
import { ExchangeResponseError } from '../errors.ts'

/**
 * The service answered a rotation, so the key may have a new secret, but the answer could not be
 * used as it is. `secretKey` holds the secret it carried (`reveal()` it and keep it: it is shown
 * once); `inUse` says whether the client signs with it now.
 */
export class ExchangeKeyRotationError extends ExchangeResponseError {
  /** The secret the answer carried (as its JSON, if it was not text); `undefined` if it carried none. */
  declare readonly secretKey: IssuedSecret | undefined
  /** The client signs with the new secret (the answer held a whole pair); otherwise it kept the old one. */
  declare readonly inUse: boolean
  /** The whole answer as JSON, hidden as a secret is: a secret under another name is in it. */
  declare readonly answer: IssuedSecret
  constructor(secretKey: IssuedSecret | undefined, inUse: boolean, reason: string, answer: unknown) {
    super(
      200,
      `rotate(): the answer is not usable (${reason}), and the secret may have changed: `
        + (secretKey
          ? `keep the new one, this error's secretKey.reveal(); the client signs with ${inUse ? 'it' : 'the old one'}`
          : "look for it in this error's answer.reveal(); if signed calls fail, onboard again"),
    )
    this.name = 'ExchangeKeyRotationError'
    this.secretKey = secretKey
    this.inUse = inUse
    this.answer = hideAnswer(answer)
  }
}
