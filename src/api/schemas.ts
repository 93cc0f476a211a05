// Shared input rules (the response types are response-shapes.ts's). valibot's factories are marked
// side-effect free, so a bundle keeps only the schemas the imported operations reach; our own factories are marked too.
import * as v from 'valibot'

// ---- Enumerations: one list each for the input checks and the response schemas ----

/** Order sides. */
export const ORDER_SIDES = ['buy', 'sell'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]
/** Order types. */
export const ORDER_TYPES = ['limit', 'market'] as const
export type OrderType = (typeof ORDER_TYPES)[number]
/** Time in force. */
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const
export type TimeInForce = (typeof TIMES_IN_FORCE)[number]
/**
 * The states of a perp or spot order. The real service publishes no list, so
 * an order's `status` field is `Open<OrderStatus>`: these values autocomplete, others still type-check.
 */
export type OrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled' | 'expired' | 'rejected'
/** Prediction market kinds; the service also sends them upper-case at times. */
export const MARKET_TYPES = ['binary', 'multi_outcome'] as const
export type MarketType = (typeof MARKET_TYPES)[number]
/** Championship filters and leaderboard rankings. */
export const CHAMPIONSHIP_STATUSES = ['draft', 'upcoming', 'active', 'ended', 'cancelled'] as const
export type ChampionshipStatus = (typeof CHAMPIONSHIP_STATUSES)[number]
export const CHAMPIONSHIP_TYPES = ['ex_only', 'prediction_only', 'mixed'] as const
export type ChampionshipType = (typeof CHAMPIONSHIP_TYPES)[number]
export const CHAMPIONSHIP_PERIODS = ['permanent', 'weekly', 'monthly', 'quarterly', 'annual', 'custom'] as const
export type ChampionshipPeriod = (typeof CHAMPIONSHIP_PERIODS)[number]
export const LEADERBOARD_SORTS = ['pnl', 'roi', 'volume', 'win_rate', 'trades'] as const
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number]
export const LEADERBOARD_PERIODS = ['24h', '7d', '30d', 'all'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

// ---- Inputs ----

// The types of the rules below, written out for the published types (JSR wants no inferred public types).
/** Text matching a pattern (`textMatching`). */
export type PatternSchema = v.SchemaWithPipe<readonly [v.StringSchema<string>, v.RegexAction<string, string>]>
/** Text of bounded length (`text`). */
export type TextSchema = v.SchemaWithPipe<readonly [v.StringSchema<string>, v.CheckAction<string, string>]>
/** A whole number in a range (`integer`). */
export type IntegerSchema = v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>]>

const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/

/**
 * Text matching `pattern`. One message says what the text must be, whether the value is not text
 * (rule `type`) or text of another form (rule `regex`): the rule tells the two apart.
 */
/* @__NO_SIDE_EFFECTS__ */
function textMatching(pattern: RegExp, message: string): PatternSchema {
  return v.pipe(v.string(message), v.regex(pattern, message))
}

/**
 * A non-negative decimal as text ("0.01"). Numbers are refused, never converted: a float cannot
 * carry a price exactly. No sign, exponent, NaN, Infinity or spaces.
 */
export const decimal: PatternSchema = textMatching(DECIMAL, 'must be a decimal string such as "0.01" (a number is refused: no float rounding), without sign, exponent, NaN or Infinity')

/** A decimal above zero: sizes, prices, amounts. */
export const positiveDecimal: v.SchemaWithPipe<readonly [PatternSchema, v.CheckAction<string, 'must be greater than zero'>]> = v.pipe(decimal, v.check((text) => /[1-9]/.test(text), 'must be greater than zero'))

/**
 * A whole number in [min, max] (JSON number on the wire). One message says the range, for a value
 * that is no number (rule `type`) or a number outside it (rule `check`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function integer(min: number, max: number = Number.MAX_SAFE_INTEGER): IntegerSchema {
  const message = `must be a whole number ${max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`}`
  return v.pipe(v.number(message), v.check((value) => Number.isSafeInteger(value) && value >= min && value <= max, message))
}

/** UTC milliseconds. */
export const timestampMs: IntegerSchema = integer(0)

/** Page size of a cursor or limit list. Its maximum is the service's to say (the spec: "not shown"). */
export const limit: IntegerSchema = integer(1)
export const page: IntegerSchema = integer(1)
export const pageSize: IntegerSchema = integer(1)
export const offset: IntegerSchema = integer(0)

/**
 * Text of 1 to `max` characters. One message says so, for a value that is no text (rule `type`) or
 * text of another length (rule `check`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(max: number, message = `must be a string of 1 to ${max} characters`): TextSchema {
  return v.pipe(v.string(message), v.check((value) => value !== '' && value.length <= max, message))
}

/** An opaque cursor from a previous page's `nextCursor`. */
export const cursor: TextSchema = text(512, 'must be the nextCursor string of the previous page (1 to 512 characters)')

/**
 * Market symbol of the spec's form `<BASE>-<QUOTE>` (`BTC-USDC`). Its case is the service's to judge:
 * a lowercase symbol is sent as written.
 */
export const marketSymbol: PatternSchema = textMatching(/^[A-Za-z0-9]+-[A-Za-z0-9]+$/, 'must be a market symbol <BASE>-<QUOTE> of letters and digits, such as "BTC-USDC"')

/** Token symbol (`USDC`), letters and digits; its case is the service's to judge. */
export const tokenSymbol: PatternSchema = textMatching(/^[A-Za-z0-9]+$/, 'must be a token symbol of letters and digits, such as "USDC"')

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.~:-]{0,127}$/

/** A value that lands in a path segment: it cannot carry `/`, `?`, `#`, `%`, spaces or a dot segment. */
export const pathSegment: PatternSchema = textMatching(SEGMENT, 'must be 1 to 128 characters of [A-Za-z0-9_.~:-] starting with a letter or digit (no "/", "?", "#" or "%")')

const ID = 'must be an id: 1 to 128 characters of [A-Za-z0-9_.~:-], a letter or digit first, or a non-negative safe integer'

/**
 * An id: a string, or a safe integer that becomes its decimal string (real ids exceed 2^53, so
 * they travel as strings). A string or a number (rule `type`) of the id's form (rule `check`); not a
 * valibot union, which would cost every bundle with an id its union code.
 */
export const id: v.SchemaWithPipe<readonly [v.CustomSchema<string | number, v.ErrorMessage<v.CustomIssue> | undefined>, v.CheckAction<string | number, 'must be an id: 1 to 128 characters of [A-Za-z0-9_.~:-], a letter or digit first, or a non-negative safe integer'>, v.TransformAction<any, string>]> = v.pipe(
  v.custom<string | number>((value) => typeof value === 'string' || typeof value === 'number', ID),
  v.check((value) => (typeof value === 'string' ? SEGMENT.test(value) : Number.isSafeInteger(value) && value >= 0), ID),
  v.transform(String),
)

/** Idempotency key of an order: 1 to 64 characters of [A-Za-z0-9_-]. */
export const clientOrderId: PatternSchema = textMatching(/^[A-Za-z0-9_-]{1,64}$/, 'must be a string of 1 to 64 characters of [A-Za-z0-9_-]')

/** A prediction price in millionths: a multiple of 1000 in [1000, 999000]. */
export const priceE6: v.SchemaWithPipe<readonly [IntegerSchema, v.CheckAction<number, 'must be a multiple of 1000 (a 0.1-cent grid)'>]> = v.pipe(
  integer(1000, 999_000),
  v.check((value) => value % 1000 === 0, 'must be a multiple of 1000 (a 0.1-cent grid)'),
)

/**
 * The message of a rule across fields, reported on `field` (a limit order's `price`): the issue is
 * placed under that field as it is made, as valibot's `forward` would place it, for fewer bytes.
 */
/* @__NO_SIDE_EFFECTS__ */
export function on(field: string, text: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue: v.BaseIssue<unknown>): string => {
    ((issue as { path?: unknown[] }).path ??= []).push({ key: field })
    return text
  }
}

/** A batch: at least one item. How many one call takes is the service's to say (the spec: "not shown"). */
/* @__NO_SIDE_EFFECTS__ */
export function batchOf<T extends v.GenericSchema>(item: T): v.SchemaWithPipe<readonly [v.ArraySchema<T, 'must be a non-empty array'>, v.CheckAction<v.InferOutput<T>[], 'must be a non-empty array'>]> {
  return v.pipe(v.array(item, 'must be a non-empty array'), v.check((items) => items.length > 0, 'must be a non-empty array'))
}

/** Wallet address: EVM `0x` + 40 hex, or a Solana base58 public key. */
export const walletAddress: PatternSchema = textMatching(/^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'must be an EVM address (0x + 40 hex) or a Solana address (base58)')

/** Candle width. */
export const klineInterval: v.PicklistSchema<['1m', '5m', '15m', '1h', '4h', '1d'], 'must be one of 1m, 5m, 15m, 1h, 4h, 1d'> = v.picklist(['1m', '5m', '15m', '1h', '4h', '1d'], 'must be one of 1m, 5m, 15m, 1h, 4h, 1d')

/** `{ market }`: the input of most per-market reads. */
export const marketInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
}, undefined> = v.strictObject({ market: marketSymbol })
export interface MarketInput extends v.InferInput<typeof marketInput> {}

/** Page-list query (1-based page). */
export const pageEntries: {
  page: v.OptionalSchema<IntegerSchema, undefined>
  pageSize: v.OptionalSchema<IntegerSchema, undefined>
} = { page: v.optional(page), pageSize: v.optional(pageSize) }
/** Cursor-list query. */
export const cursorEntries: {
  limit: v.OptionalSchema<IntegerSchema, undefined>
  cursor: v.OptionalSchema<TextSchema, undefined>
} = { limit: v.optional(limit), cursor: v.optional(cursor) }
export const pageQuery: v.OptionalSchema<v.StrictObjectSchema<typeof pageEntries, undefined>, undefined> = v.optional(v.strictObject(pageEntries))
export type PageQuery = v.InferInput<typeof pageQuery>
export const limitQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ limit: v.optional(limit) }))
export type LimitQuery = v.InferInput<typeof limitQuery>
