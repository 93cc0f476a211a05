// The onboarding answer read without losing its secret: the service shows it once, and the key it
// belongs to exists on the exchange whatever the client makes of the answer.
import { assertApiKey, assertSecretKey } from '../auth/credentials.ts'
import { hideIssued, type IssuedSecret } from '../auth/hidden-secret.ts'
import type { OnboardedKey } from '../api/keys.ts'
import { ExchangeOnboardingAnswerError } from '../api/onboarding-answer-error.ts'

export interface AnswerUse {
  /** The response schema's check under `validateResponses` (client.onboard); throws on a failure. */
  check?: (answer: unknown) => void
  /** `use: true`: the core signs with the pair from now on (a malformed pair throws and keeps the old one). */
  install?: (apiKey: string, secretKey: IssuedSecret) => void
}

/**
 * The key, when the answer holds a well-formed pair (and passes the schema check); otherwise an
 * `ExchangeOnboardingAnswerError` holding whatever secret came. With `install`, the core switches
 * only to a whole pair, as rotation's.
 */
export function mintedKey(answer: unknown, use: AnswerUse = {}): OnboardedKey {
  const reasons: string[] = []
  try {
    use.check?.(answer)
  } catch (error) {
    reasons.push((error as Error).message)
  }
  const { apiKey, secretKey } = Object(answer) as Record<string, unknown>
  const secret = hideIssued(secretKey)
  let inUse = false
  try {
    if (!secret) throw new Error('no secretKey')
    // The core's own checks, also without one: a pair no client takes is no key the caller has.
    assertApiKey(apiKey)
    assertSecretKey(secret.reveal())
    if (use.install) {
      use.install(apiKey, secret)
      inUse = true
    }
  } catch (error) {
    reasons.push((error as Error).message)
  }
  if (reasons.length > 0) throw new ExchangeOnboardingAnswerError(secret, inUse, reasons.join('; '), answer)
  return { ...(answer as OnboardedKey), secretKey: secret! }
}
