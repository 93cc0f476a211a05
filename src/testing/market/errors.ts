/** The market's error answers (codes and numbers as docs/reference-exchange.md lists them under "Other answers"). */
import { failures, type InputIssue } from '../http/failures.ts'
import { ApiFailure } from '../http/router.ts'

/** Request-level failures are the platform's. */
export const { invalidParams, notFound } = failures

/** Over one of the exchange's limits (see policy.ts): REQ_INVALID_PARAMS naming the field and the limit. */
export function overLimit(field: string, limit: number, reason: string): ApiFailure {
  return failures.invalidInput([{ field, rule: 'value', reason, limit }])
}

/**
 * Reads every entry of a list (`orders` → `orders[3].price`), and answers the REQ_INVALID_PARAMS
 * faults of all of them at once; another failure is thrown as it comes.
 */
export function everyEntry<E, T>(entries: readonly E[], name: string, read: (entry: E) => T): T[] {
  const issues: InputIssue[] = []
  const values = entries.map((entry, index) => {
    try {
      return inEntry(`${name}[${index}]`, () => read(entry))
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.code !== 'REQ_INVALID_PARAMS') throw error
      issues.push(...((error.details?.issues as InputIssue[] | undefined) ?? [{ field: String(error.details?.field ?? name), rule: 'value', reason: error.message }]))
      return undefined as T
    }
  })
  if (issues.length > 0) throw failures.invalidInput(issues)
  return values
}

/**
 * Runs `read` for one entry of a list; a REQ_INVALID_PARAMS it throws names the entry:
 * `price` becomes `orders[3].price`.
 */
export function inEntry<T>(entry: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.code !== 'REQ_INVALID_PARAMS') throw error
    const within = (inner: unknown) => (typeof inner === 'string' && inner !== '' && inner !== 'body' ? `${entry}.${inner}` : entry)
    const issues = error.details?.issues as InputIssue[] | undefined
    if (issues) throw failures.invalidInput(issues.map((issue) => ({ ...issue, field: within(issue.field) })))
    const field = within(error.details?.field)
    const reason = typeof error.details?.reason === 'string' ? error.details.reason : error.message
    throw new ApiFailure(error.status, error.code, error.codeNum, `${field}: ${reason}`, { ...error.details, field, reason })
  }
}

export function invalidPrice(message: string): ApiFailure {
  return new ApiFailure(400, 'REQ_INVALID_PRICE', 10003, message, { field: 'priceE6' })
}

export function insufficientBalance(token: string, required: string, available: string): ApiFailure {
  return new ApiFailure(400, 'TRADE_INSUFFICIENT_BALANCE', 13001, `insufficient ${token}: ${required} required, ${available} available`, {
    token,
    required,
    available,
  })
}

export function priceDeviation(price: string, markPrice: string): ApiFailure {
  return new ApiFailure(400, 'TRADE_PRICE_DEVIATION', 13002, `price ${price} is more than 15% away from the mark price ${markPrice}`, {
    field: 'price',
    markPrice,
  })
}

/**
 * An operation would take margin a position needs (the exchange's own code: 194xx, positions);
 * `field` names the request's field when one amount was refused (not for an order's lock or a bond).
 */
export function insufficientMargin(field: string | undefined, message: string, details: Record<string, unknown>): ApiFailure {
  return new ApiFailure(400, 'POS_INSUFFICIENT_MARGIN', 19401, message, { ...(field === undefined ? {} : { field }), ...details })
}

export function orderNotFound(orderId: string): ApiFailure {
  return new ApiFailure(404, 'ORDER_NOT_FOUND', 13004, `order ${orderId} not found`, { orderId })
}

export function orderNotOpen(orderId: string, status: string): ApiFailure {
  return new ApiFailure(409, 'ORDER_NOT_OPEN', 13005, `order ${orderId} is ${status}, not open`, { orderId, status })
}

export function tpslExists(market: string, leg: string): ApiFailure {
  return new ApiFailure(409, 'POS_TPSL_EXISTS', 14005, `${market} already has a ${leg}; use PUT to change it or send replace: true`, { market, leg })
}

export function challengeClosed(marketId: string, reason: string): ApiFailure {
  return new ApiFailure(409, 'ORACLE_CHALLENGE_CLOSED', 15001, `market ${marketId}: ${reason}`, { marketId })
}

export function notFinalizable(marketId: string, reason: string): ApiFailure {
  return new ApiFailure(409, 'ORACLE_NOT_FINALIZABLE', 15002, `market ${marketId}: ${reason}`, { marketId })
}

export function marketNotResolved(marketId: string): ApiFailure {
  return new ApiFailure(409, 'MARKET_NOT_RESOLVED', 15003, `market ${marketId} has no final result yet`, { marketId })
}
