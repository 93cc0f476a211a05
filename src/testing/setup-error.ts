/**
 * The exchange's own error for a bad set-up: an option, a seed, a fault rule or a key-store call
 * that cannot be honoured. It names the field (a dot path such as `keys.0.apiKey`) and never quotes
 * a secret. Requests never see it: a route that throws one answers 400 REQ_INVALID_PARAMS.
 */
export class ReferenceExchangeError extends Error {
  readonly field: string
  /** What the value broke: `format`, `range`, `unique`, `known` … */
  readonly rule: string
  constructor(field: string, rule: string, message: string) {
    super(message)
    this.name = 'ReferenceExchangeError'
    this.field = field
    this.rule = rule
  }
}
