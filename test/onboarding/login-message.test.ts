import { describe, expect, it } from 'vitest'
import { ExchangeValidationError, loginMessage } from '../../src/index.ts'
import { DEFAULT_SERVICE_NAME, parseLoginMessage } from '../../src/onboarding/message.ts'

describe('the canonical login message', () => {
  it('is "<serviceName> - login - <timestamp>" with the real service name by default', () => {
    expect(DEFAULT_SERVICE_NAME).toBe('1024 Exchange')
    expect(loginMessage(DEFAULT_SERVICE_NAME, 1_767_225_600_000)).toBe('1024 Exchange - login - 1767225600000')
  })

  it('reads back what it builds, service names with spaces and dashes included', () => {
    for (const serviceName of ['1024 Exchange', 'My-Exchange - staging', 'x']) {
      expect(parseLoginMessage(loginMessage(serviceName, 42))).toEqual({ serviceName, timestamp: 42 })
    }
  })

  it('rejects messages that are not login messages', () => {
    for (const message of [
      '1024 Exchange - login - ',
      '1024 Exchange - login - 12a',
      '1024 Exchange - login - 0012',
      '1024 Exchange - login - 1.5',
      '1024 Exchange - login - -5',
      ' - login - 12',
      '1024 Exchange - logout - 12',
      '1024 Exchange - login - 99999999999999999',
    ]) expect(parseLoginMessage(message), message).toBeUndefined()
  })

  it('refuses a timestamp that is not whole UTC milliseconds, naming the field', () => {
    for (const timestamp of [1.5, -1, Number.NaN, 2 ** 53]) {
      const error = (() => { try { loginMessage('1024 Exchange', timestamp) } catch (e) { return e } })()
      expect(error).toBeInstanceOf(ExchangeValidationError)
      expect((error as ExchangeValidationError).field).toBe('timestamp')
    }
  })

  it('refuses an empty service name or one containing the separator', () => {
    expect(() => loginMessage('', 1)).toThrow(/serviceName/)
    expect(() => loginMessage('a - login - b', 1)).toThrow(/serviceName/)
  })
})
