// What the client believes about the server's clock, and when it signs with it: small pure rules,
// shared by the client's ServerClock and anything else that signs for the service (a signing proxy).

/** The service refuses a signed call whose timestamp is further than this from its clock (AUTH_TIMESTAMP_EXPIRED). */
export const TIMESTAMP_TOLERANCE_MS = 30_000

/**
 * A time the service could say: UTC ms from 2001-09-09 to 2286-11-20. A value outside (not a number,
 * seconds instead of ms, -1e12, 1e21) is a broken or hostile answer, and would sign as no timestamp at all.
 */
export const isPlausibleTime = (ms: number): boolean => ms >= 1e12 && ms < 1e13

/**
 * Whether a sample of the server's clock replaces the estimate: `gap` ms from it, `uncertainty` its
 * half round trip, `held` the estimate's (Infinity before the first sample). A measurement asked of
 * the service (`forced`) always does. Any other comes with the answer to a signed call the service
 * accepted, so the server's clock was within its tolerance of ours: a sample further off than that is
 * stale or altered, and ignored. Within it, the more precise one wins, or one that contradicts the
 * estimate (the server's clock drifted).
 */
export function adoptsSample(gap: number, uncertainty: number, held: number, forced: boolean): boolean {
  return forced || (gap <= uncertainty + TIMESTAMP_TOLERANCE_MS && (uncertainty <= held || gap > uncertainty + held + 1))
}

/**
 * Whether `stamp` may date a write, a withdrawal or a login message: a signature for it stays
 * acceptable while the server's clock is within the tolerance of the stamp, so a stamp far ahead would be
 * a signature someone can replay later. It may if it is within `allowanceMs` of the local clock
 * (`localNow`; the tolerance, unless the user raised it for a host whose clock is known wrong), or
 * within the tolerance of the server time a signed call was last accepted at (`acceptedNow`, carried
 * forward to now; NaN when none was).
 */
export function maySignAt(stamp: number, localNow: number, acceptedNow: number, allowanceMs: number): boolean {
  return Math.abs(stamp - localNow) <= allowanceMs || Math.abs(stamp - acceptedNow) <= TIMESTAMP_TOLERANCE_MS
}
