import { ExchangeValidationError } from '../errors.ts'

/** The real service's name: its login message starts with it. */
export const DEFAULT_SERVICE_NAME = '1024 Exchange'

const LOGIN = ' - login - '
/** How long the service accepts a login message after its timestamp (and before it), in ms. */
export const LOGIN_WINDOW_MS = 300_000

export interface LoginMessage {
  serviceName: string
  /** UTC milliseconds, the same number the onboarding body carries. */
  timestamp: number
}

/** `<serviceName> - login - <timestamp>`: the exact text the wallet signs to onboard. */
export function loginMessage(serviceName: string, timestamp: number): string {
  if (typeof serviceName !== 'string' || serviceName.trim() === '') {
    throw new ExchangeValidationError('serviceName', 'required', 'serviceName must be a non-empty string')
  }
  if (serviceName.includes(LOGIN)) {
    throw new ExchangeValidationError('serviceName', 'format', `serviceName must not contain "${LOGIN}"`)
  }
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new ExchangeValidationError('timestamp', 'format', 'timestamp must be a non-negative integer of UTC milliseconds')
  }
  return `${serviceName}${LOGIN}${timestamp}`
}

/** Reads a login message back; `undefined` when it is not one. */
export function parseLoginMessage(message: string): LoginMessage | undefined {
  const at = message.lastIndexOf(LOGIN)
  if (at <= 0) return undefined
  const digits = message.slice(at + LOGIN.length)
  if (!/^(0|[1-9]\d{0,15})$/.test(digits)) return undefined
  const timestamp = Number(digits)
  if (!Number.isSafeInteger(timestamp)) return undefined
  return { serviceName: message.slice(0, at), timestamp }
}
