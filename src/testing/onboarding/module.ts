import * as v from 'valibot'
import { walletKey, type WalletType } from '../accounts.ts'
import { ReplayGuard } from '../auth/replay.ts'
import { failures, parseBody, refuseBadShape } from '../http/failures.ts'
import { ApiFailure, type ExchangeModule } from '../http/router.ts'
import type { Platform } from '../platform.ts'
import { loginPrefix, ONBOARDING_TOLERANCE_MS } from './login-message.ts'
import { isWalletAddress, verifyWalletSignature } from './verify-wallet.ts'

/** The spec's onboarding body, exactly: any other field is refused, never ignored. */
const ONBOARD_FIELDS = ['walletAddress', 'walletType', 'message', 'signature', 'timestamp'] as const

const OnboardBody = v.object({
  walletAddress: v.pipe(v.string(), v.minLength(1)),
  walletType: v.string(),
  message: v.string(),
  signature: v.pipe(v.string(), v.minLength(1)),
  timestamp: v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(/^\d{1,16}$/))]),
})

const onboardingFailure = (code: string, codeNum: number, message: string, details?: Record<string, unknown>) =>
  new ApiFailure(400, code, codeNum, message, details)

/**
 * POST /api/v1/oauth/onboard: a wallet signature over `<serviceName> - login - <timestamp>` buys a
 * key with read and trade, always (never withdraw; more is the business of key management). The
 * first time a wallet is seen, its account is created. A login message mints one key, once: it is
 * remembered per wallet and timestamp (not per signature bytes, which an ECDSA signature can vary
 * without the wallet) for as long as its timestamp passes the 300 s check.
 */
export function onboardingModule(platform: Platform): ExchangeModule {
  const used = new ReplayGuard({ toleranceMs: ONBOARDING_TOLERANCE_MS })
  return {
    register(router) {
      router.add('POST', '/api/v1/oauth/onboard', 'none', ({ body, now }) => {
        // Every field of the spec's body is required; any other is refused, each one named.
        refuseBadShape(body, ONBOARD_FIELDS, ONBOARD_FIELDS)
        const input = parseBody(OnboardBody, body)
        if (input.walletType !== 'evm' && input.walletType !== 'solana') {
          throw onboardingFailure('ONBOARD_BAD_WALLET', 12005, 'walletType must be "evm" or "solana"', { field: 'walletType' })
        }
        const walletType: WalletType = input.walletType
        if (!isWalletAddress(walletType, input.walletAddress)) {
          const shape = walletType === 'evm' ? '0x and 40 hex characters' : 'a base58 ed25519 public key (32 bytes)'
          throw onboardingFailure('ONBOARD_BAD_WALLET', 12005, `walletAddress must be ${shape}`, { field: 'walletAddress' })
        }
        const prefix = loginPrefix(platform.serviceName)
        if (!input.message.startsWith(prefix)) {
          throw onboardingFailure('ONBOARD_BAD_MESSAGE', 12003, `the message must start with "${prefix}"`, { expectedPrefix: prefix })
        }
        const timestamp = String(input.timestamp)
        if (input.message.slice(prefix.length) !== timestamp) {
          throw onboardingFailure('ONBOARD_TIMESTAMP_MISMATCH', 12004, 'the message must end with the body\'s timestamp, and nothing after it', {
            timestamp,
          })
        }
        if (Math.abs(Number(timestamp) - now) > ONBOARDING_TOLERANCE_MS) {
          throw onboardingFailure('ONBOARD_STALE_TIMESTAMP', 12002, `the timestamp is more than ${ONBOARDING_TOLERANCE_MS / 1000} s from server time`, {
            serverTime: now,
            timestamp: Number(timestamp),
          })
        }
        if (!verifyWalletSignature(walletType, input.walletAddress, input.message, input.signature)) {
          const how = walletType === 'evm' ? 'EIP-191 personal_sign, 0x + 130 hex' : 'ed25519, base58'
          throw onboardingFailure('ONBOARD_BAD_SIGNATURE', 12001, `the signature is not the wallet's signature of the message (${how})`)
        }
        const existing = platform.accounts.byWallet(walletType, input.walletAddress)
        // Before the message is used up: a wallet refused for lack of room may send it again.
        if (!existing) platform.makeRoomForAccount()
        switch (used.admit(`${walletKey(walletType, input.walletAddress)}:${timestamp}`, Number(timestamp), now)) {
          case 'replayed':
            throw onboardingFailure('ONBOARD_REPLAYED', 12006, 'this login message has minted a key already; sign a new one (a fresh timestamp)', {
              timestamp: Number(timestamp),
            })
          case 'full':
            throw failures.unavailable('too many onboardings in flight; retry shortly', 1)
        }

        const account = existing ?? platform.openWalletAccount(walletType, input.walletAddress)
        platform.keys.trim(account.id, platform.maxKeysPerAccount - 1)
        const { record, secretKey } = platform.keys.mint({ accountId: account.id, permissions: ['read', 'trade'], label: 'onboarding' })
        return { apiKey: record.apiKey, secretKey, accountId: account.id, apiKeyId: record.id, isNewUser: !existing }
      })
    },
  }
}
