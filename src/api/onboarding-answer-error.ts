import { hideAnswer, type IssuedSecret } from '../auth/hidden-secret.ts'
import { ExchangeResponseError } from '../errors.ts'

/**
 * The service answered an onboarding request, so a key may have been minted, but the answer could
 * not be used as it is. `secretKey` holds the secret it carried (`reveal()` it and keep it: it is
 * shown once) and `apiKey` the key it named; `inUse` says whether the client signs with them now.
 */
export class ExchangeOnboardingAnswerError extends ExchangeResponseError {
  /** The secret the answer carried (as its JSON, if it was not text); `undefined` if it carried none. */
  declare readonly secretKey: IssuedSecret | undefined
  /** The answer's `apiKey` as it came (perhaps masked or malformed); `undefined` if it was not text. */
  declare readonly apiKey: string | undefined
  /** The answer's `accountId`, `apiKeyId` and `isNewUser`, each when it had its type. */
  declare readonly accountId: string | undefined
  declare readonly apiKeyId: string | undefined
  declare readonly isNewUser: boolean | undefined
  /** `client.onboard({ use: true })` only: the client signs with the minted key (the answer held a whole pair). */
  declare readonly inUse: boolean
  /** The whole answer as JSON, hidden as a secret is: a secret under another name is in it. */
  declare readonly answer: IssuedSecret
  constructor(secretKey: IssuedSecret | undefined, inUse: boolean, reason: string, answer: unknown) {
    super(
      200,
      `onboard(): the answer is not usable (${reason}), and a key may have been minted: `
        + (secretKey
          ? `keep its secret, this error's secretKey.reveal(), with its apiKey; ${inUse ? 'the client signs with them' : 'no client signs with them yet'}`
          : "look for the secret in this error's answer.reveal(); if it is not there, revoke the key and onboard again"),
    )
    this.name = 'ExchangeOnboardingAnswerError'
    const fields = Object(answer) as Record<string, unknown>
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
    this.secretKey = secretKey
    this.apiKey = text(fields.apiKey)
    this.accountId = text(fields.accountId)
    this.apiKeyId = text(fields.apiKeyId)
    this.isNewUser = typeof fields.isNewUser === 'boolean' ? fields.isNewUser : undefined
    this.inUse = inUse
    this.answer = hideAnswer(answer)
  }
}
