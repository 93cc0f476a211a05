/**
 * The onboarding login message, from the service's specification ("Onboarding request body", "Obtaining a key"): it
 * starts with `<service_name> - login - ` and ends with the same timestamp the body sends, which must
 * be within 300 s of server time.
 */

/** The real service's name, which starts its login messages; configurable per exchange. */
export const DEFAULT_SERVICE_NAME = '1024 Exchange'

/** The spec's tolerance between the login timestamp and server time. */
export const ONBOARDING_TOLERANCE_MS = 300_000

export const loginPrefix = (serviceName: string) => `${serviceName} - login - `
