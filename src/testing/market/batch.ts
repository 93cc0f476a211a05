/** The exchange's own batch size cap (the spec shows none): at most 50 entries per batch call. */
export const BATCH_LIMIT = 50
