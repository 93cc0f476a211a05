const HIDDEN = '[hidden]'

/**
 * The texts, beside their wrappers rather than in them: not a property, and not a private field
 * either (a browser's console shows those when the wrapper is logged).
 */
const texts = new WeakMap<IssuedSecret, string>()

/**
 * A secret the service just issued (onboarding, rotation), held so that no accidental view shows
 * it: `JSON.stringify`, `util.inspect`, `console.log`, template strings, spreading the result or
 * `structuredClone` of it. `reveal()` is the one way to read it. The client (`secretKey`) and the
 * credential store take it as it is: `new ExchangeClient({ baseUrl, ...key })`, `store.save(key)`.
 */
export class IssuedSecret {
  constructor(text: string) {
    texts.set(this, text)
  }

  /** The 64-hex secret, to show its owner once or to keep outside the SDK. The service never shows it again. */
  reveal(): string {
    return texts.get(this)!
  }

  toJSON(): string {
    return HIDDEN
  }

  toString(): string {
    return HIDDEN
  }

  [Symbol.toPrimitive](): string {
    return HIDDEN
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `IssuedSecret ${HIDDEN}`
  }
}

/** A secret as an answer carried it, hidden at once whatever it is: text as it came, anything else as its JSON. */
export function hideIssued(secretKey: unknown): IssuedSecret | undefined {
  return secretKey === undefined ? undefined : new IssuedSecret(typeof secretKey === 'string' ? secretKey : JSON.stringify(secretKey))
}

/** A whole answer that carried a secret, as JSON, hidden as the secret is (a secret under another name is in it). */
export function hideAnswer(answer: unknown): IssuedSecret {
  let json: string | undefined
  try {
    json = JSON.stringify(answer)
  } catch {
    // Nested too deep to write out: no answer of the service is.
  }
  return new IssuedSecret(json ?? '')
}
