import * as v from 'valibot'
import { LOGIN_WINDOW_MS } from '../../onboarding/message.ts'
import type { WalletType } from '../accounts.ts'
import type { KeyPermission } from '../auth/keys.ts'
import { parseBody } from '../http/failures.ts'
import { ApiFailure, type ExchangeModule } from '../http/router.ts'
import type { Platform } from '../platform.ts'
import { isWalletAddress, verifyWalletSignature } from './verify-wallet.ts'

/** The spec's tolerance between the login timestamp and server time (the SDK knows it as LOGIN_WINDOW_MS). */
export const ONBOARDING_TOLERANCE_MS = LOGIN_WINDOW_MS

const OnboardBody = v.object({
  walletAddress: v.pipe(v.string(), v.minLength(1)),
  walletType: v.string(),
  message: v.string(),
  signature: v.pipe(v.string(), v.minLength(1)),
  timestamp: v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(/^\d{1,16}$/))]),
  permissions: v.optional(v.object({ canRead: v.optional(v.boolean()), canTrade: v.optional(v.boolean()) })),
  partnerTag: v.optional(v.string()),
})

const onboardingFailure = (code: string, codeNum: number, message: string, details?: Record<string, unknown>) =>
  new ApiFailure(400, code, codeNum, message, details)

/**
 * POST /api/v1/oauth/onboard: a wallet signature over `<serviceName> - login - <timestamp>` buys a
 * read+trade key (never withdraw). The first time a wallet is seen, its account is created.
 */
export function onboardingModule(platform: Platform): ExchangeModule {
  return {
    register(router) {
      router.add('POST', '/api/v1/oauth/onboard', 'none', ({ body, now }) => {
        const input = parseBody(OnboardBody, body)
        if (input.walletType !== 'evm' && input.walletType !== 'solana') {
          throw onboardingFailure('ONBOARD_BAD_WALLET', 12005, 'walletType must be "evm" or "solana"', { field: 'walletType' })
        }
        const walletType: WalletType = input.walletType
        if (!isWalletAddress(walletType, input.walletAddress)) {
          const shape = walletType === 'evm' ? '0x and 40 hex characters' : 'a base58 ed25519 public key (32 bytes)'
          throw onboardingFailure('ONBOARD_BAD_WALLET', 12005, `walletAddress must be ${shape}`, { field: 'walletAddress' })
        }
        const prefix = `${platform.serviceName} - login - `
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
        const account = existing ?? platform.openWalletAccount(walletType, input.walletAddress)
        const permissions: KeyPermission[] = []
        if (input.permissions?.canRead !== false) permissions.push('read')
        if (input.permissions?.canTrade !== false) permissions.push('trade')
        const { record, secretKey } = platform.keys.mint({
          accountId: account.id,
          permissions,
          label: input.partnerTag ? `onboarding (${input.partnerTag})` : 'onboarding',
        })
        return { apiKey: record.apiKey, secretKey, accountId: account.id, apiKeyId: record.id, isNewUser: !existing }
      })
    },
  }
}
