import * as v from 'valibot'
import { ServerClock } from '../auth/clock.ts'
import { onboardingOperations, WALLET_TYPES, type OnboardedKey, type WalletType } from '../api/keys.ts'
import { explained } from '../api/input-issues.ts'
import { text } from '../api/schemas.ts'
import { callOperation, parseInput } from '../api/operation.ts'
import { OnboardingOutcomeUnknownError, OrderOutcomeUnknownError, SigningTimeoutError } from '../errors.ts'
import { Transport, type TransportOptions } from '../transport/http.ts'
import { checkTransportOptions } from '../transport/prepare.ts'
import { refuseSecretTextInBrowser } from '../auth/browser-guard.ts'
import { DEFAULT_SERVICE_NAME, LOGIN_WINDOW_MS, loginMessage } from './message.ts'
import { walletCall } from './signers/rejection.ts'
import { mintedKey, type AnswerUse } from './minted-key.ts'
import type { WalletSigner } from './signers/types.ts'

/** The wallet's share of the service's 300 s window; the rest is for the request to arrive. */
export const SIGNING_WINDOW_MS = LOGIN_WINDOW_MS - 10_000

export interface OnboardParams {
  signer: WalletSigner
  /** Default: the signer's. */
  walletType?: WalletType
  /** How long the wallet may take to sign, in ms. Default 290 s (the service accepts 300 s). */
  signingWindowMs?: number
  /** In a browser page, refused unless this is true: the new secret arrives in the page as text. */
  dangerouslyAllowBrowser?: boolean
  signal?: AbortSignal
}

export interface OnboardOptions extends OnboardParams, TransportOptions {
  /** Starts the login message. Default `1024 Exchange`. */
  serviceName?: string
  /** The local clock, for tests. Default `Date.now`. */
  now?: () => number
}

const paramsSchema = explained(v.object({
  signer: v.object({ address: text(Infinity, 'must be a non-empty string'), signMessage: v.function() }),
  walletType: v.picklist(WALLET_TYPES),
  // Not in the spec's onboarding body: refused rather than dropped, so nobody counts on a read-only key.
  permissions: v.optional(v.never('not an onboarding field: the key minted has read and trade, always; narrow it through key management')),
  partnerTag: v.optional(v.never('not an onboarding field of the spec')),
  signingWindowMs: v.optional(v.pipe(v.number(), v.check((ms) => ms >= 1 && ms <= LOGIN_WINDOW_MS, `must be a number of ms from 1 to ${LOGIN_WINDOW_MS}`))),
}))

/**
 * Signs within the window or fails with `SigningTimeoutError`: by a timer while the wallet waits,
 * and by the clocks once it answers (timers and the monotonic clock stall while a laptop sleeps;
 * the wall clock does not).
 */
async function signWithin(signer: WalletSigner, message: string, windowMs: number, clock: ServerClock): Promise<string> {
  const elapsed = clock.stopwatch()
  const signing = walletCall(signer.address, 'sign the login message', () => signer.signMessage(message))
  signing.catch(() => undefined) // it may settle after the deadline won the race
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SigningTimeoutError(windowMs)), windowMs)
  })
  try {
    const signature = await Promise.race([signing, deadline])
    if (elapsed() > windowMs) throw new SigningTimeoutError(windowMs)
    return signature
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Onboarding over a transport: the client's own, or a fresh one for the standalone `onboard()`. Once
 * the service has answered, its secret is never lost (minted-key.ts): `use` checks and installs it.
 */
export async function onboardVia(transport: Transport, serviceName: string, params: OnboardParams, dangerouslyAllowBrowser?: boolean, use?: AnswerUse): Promise<OnboardedKey> {
  const walletType = params?.walletType ?? params?.signer?.walletType
  // Spread only an object: spreading a string would make one field per character.
  const checked = parseInput(paramsSchema, typeof params === 'object' && params !== null ? { ...params, walletType } : params)
  // Before the wallet is asked: a key minted and then refused would be lost.
  refuseSecretTextInBrowser(params.dangerouslyAllowBrowser ?? dangerouslyAllowBrowser, 'onboard (the new secret arrives as text)')
  if (!transport.clock.synced) await transport.syncClock()
  await transport.confirmClock()
  const timestamp = transport.clock.now()
  // A login message dated far ahead by an altered measurement could mint a key when replayed later.
  transport.clock.checkTrusted(timestamp, 'The login message')
  const message = loginMessage(serviceName, timestamp)
  const signature = await signWithin(params.signer, message, checked.signingWindowMs ?? SIGNING_WINDOW_MS, transport.clock)
  const body = {
    walletAddress: params.signer.address,
    walletType: checked.walletType,
    message,
    signature,
    timestamp,
  }
  // Sent once (the transport never retries a write that is not idempotent): a signed login body
  // resent is a key minted twice, and whoever sees it could mint more.
  let answer: unknown
  try {
    // No response check here: a failed check must not lose the secret (mintedKey runs it).
    answer = await callOperation(transport, onboardingOperations.onboard, body, { signal: params.signal })
  } catch (error) {
    if (error instanceof OrderOutcomeUnknownError) throw new OnboardingOutcomeUnknownError(params.signer.address, error.cause)
    throw error
  }
  return mintedKey(answer, use)
}

/**
 * Turns a wallet signature into an API key, without a client:
 * `const key = await onboard({ baseUrl, signer })`, then `new ExchangeClient({ baseUrl, ...key })`.
 * An answer whose pair no client takes (a masked or missing key, a malformed secret) throws an
 * `ExchangeOnboardingAnswerError` holding the minted secret (shown once: keep it).
 */
export async function onboard(options: OnboardOptions): Promise<OnboardedKey> {
  checkTransportOptions(options)
  const transport = new Transport(options, new ServerClock(options?.now, undefined, options?.maxUnconfirmedClockOffsetMs))
  return onboardVia(transport, options.serviceName ?? DEFAULT_SERVICE_NAME, options)
}
