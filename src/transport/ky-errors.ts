// ky's errors told by name, as ky's own guards do: importing ky's classes to test `instanceof` would
// load ky (and, in Node, the fetch implementation it probes) when the SDK is imported, not when it sends.
import type { HTTPError, TimeoutError } from 'ky'

const named = (error: unknown, name: string) => error instanceof Error && error.name === name

export const isHttpError = (error: unknown): error is HTTPError => named(error, 'HTTPError')
export const isTimeoutError = (error: unknown): error is TimeoutError => named(error, 'TimeoutError')
