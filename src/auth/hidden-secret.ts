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

/** The service's answer with its secret wrapped. */
export type WithIssuedSecret<T extends { secretKey: string }> = Omit<T, 'secretKey'> & { secretKey: IssuedSecret }

export function hideSecret<T extends { secretKey: string }>(answer: T): WithIssuedSecret<T> {
  return { ...answer, secretKey: new IssuedSecret(answer.secretKey) }
}
