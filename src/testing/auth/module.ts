import { failures } from '../http/failures.ts'
import { pageOf } from '../market/pages.ts'
import type { ExchangeModule } from '../http/router.ts'
import type { Platform } from '../platform.ts'
import type { ApiKeyRecord } from './keys.ts'

/** The public key shortened (`1024_1a2b…9f0e`): enough to recognise it, never the secret. */
const maskKey = (apiKey: string) => `${apiKey.slice(0, 9)}…${apiKey.slice(-4)}`

/** A key as it is shown: what it is and may do, without any secret. */
function keyView(record: ApiKeyRecord) {
  return {
    apiKeyId: record.id,
    apiKey: maskKey(record.apiKey),
    label: record.label,
    accountId: record.accountId,
    permissions: {
      canRead: record.permissions.includes('read'),
      canTrade: record.permissions.includes('trade'),
      canWithdraw: record.permissions.includes('withdraw'),
    },
    ipAllowlist: record.ipAllowlist,
    status: record.status,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    expiresAt: record.expiresAt,
    usageCount: record.usageCount,
  }
}

/** Rotation, introspection and the account's key list. */
export function keysModule(platform: Platform): ExchangeModule {
  return {
    register(router) {
      router.add('POST', '/api/v1/accounts/me/api-key/rotate', 'read', ({ caller }) => {
        const { record, secretKey } = platform.keys.rotate(caller!.apiKey)
        return { apiKey: record.apiKey, secretKey, apiKeyId: record.id, rotatedAt: record.rotatedAt }
      })

      router.add('GET', '/api/v1/accounts/me/api-key/introspect', 'any', ({ caller }) => {
        const record = platform.keys.get(caller!.apiKey)!
        const account = platform.accounts.get(caller!.accountId)
        return { valid: true, ...keyView(record), accountType: 'main', walletAddress: account?.walletAddress ?? null }
      })

      router.add('GET', '/api/v1/account/api-keys', 'read', ({ caller, query }) => {
        return pageOf(platform.keys.list(caller!.accountId).map(keyView), query)
      })

      router.add('GET', '/api/v1/account/api-keys/:apiKeyId', 'read', ({ caller, params }) => {
        const record = platform.keys.getById(params.apiKeyId!)
        if (!record || record.accountId !== caller!.accountId) throw failures.notFound(`no API key ${params.apiKeyId} on this account`)
        return keyView(record)
      })
    },
  }
}
