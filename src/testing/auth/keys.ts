import { ReferenceExchangeError } from '../setup-error.ts'
import { isApiKey, isSecretKey } from './credentials.ts'
import { importVerifyKey, randomHex } from './signing.ts'
import { WorkMeter } from '../work.ts'

export type KeyPermission = 'read' | 'trade' | 'withdraw'
export type KeyStatus = 'active' | 'inactive' | 'revoked'

/** What the exchange knows about a key. The secret itself is not kept: only a non-extractable HMAC `CryptoKey` that can verify, not sign. */
export interface ApiKeyRecord {
  id: string
  apiKey: string
  accountId: string | null
  permissions: KeyPermission[]
  status: KeyStatus
  /** UTC ms; the key is refused from this instant on. */
  expiresAt: number | null
  /** Exact addresses or IPv4 CIDR blocks; null allows every address. */
  ipAllowlist: string[] | null
  label: string
  createdAt: number
  lastUsedAt: number | null
  usageCount: number
  rotatedAt: number | null
}

export interface NewKey {
  apiKey: string
  secretKey: string
  accountId: string | null
  permissions: KeyPermission[]
  status?: KeyStatus
  expiresAt?: number | null
  ipAllowlist?: string[] | null
  label?: string
}

/** The prefix of keys this exchange mints, as the real service's. */
export const MINTED_KEY_PREFIX = '1024'

export class KeyStore {
  readonly #byApiKey = new Map<string, ApiKeyRecord>()
  readonly #byId = new Map<string, ApiKeyRecord>()
  /** Each account's keys, so listing them never walks the exchange's other keys. */
  readonly #byAccount = new Map<string, Set<ApiKeyRecord>>()
  readonly #hmacKeys = new Map<string, Promise<CryptoKey>>()
  readonly #now: () => number
  readonly #work: WorkMeter
  #nextId = 1

  constructor(now: () => number, work: WorkMeter = new WorkMeter()) {
    this.#now = now
    this.#work = work
  }

  /** Registers a key whose secret is known (a seed); both are checked against the spec's formats. */
  add(key: NewKey): ApiKeyRecord {
    if (!isApiKey(key.apiKey)) throw new ReferenceExchangeError('apiKey', 'format', 'apiKey is a 4-character prefix, "_" and 64 hex characters')
    if (!isSecretKey(key.secretKey)) throw new ReferenceExchangeError('secretKey', 'format', 'secretKey is 64 lowercase hex characters')
    if (this.#byApiKey.has(key.apiKey)) throw new ReferenceExchangeError('apiKey', 'unique', `the API key ${key.apiKey.slice(0, 9)}… exists already`)
    const record: ApiKeyRecord = {
      id: `key_${String(this.#nextId++).padStart(6, '0')}`,
      apiKey: key.apiKey,
      accountId: key.accountId,
      permissions: [...key.permissions],
      status: key.status ?? 'active',
      expiresAt: key.expiresAt ?? null,
      ipAllowlist: key.ipAllowlist ? [...key.ipAllowlist] : null,
      label: key.label ?? '',
      createdAt: this.#now(),
      lastUsedAt: null,
      usageCount: 0,
      rotatedAt: null,
    }
    this.#byApiKey.set(record.apiKey, record)
    this.#byId.set(record.id, record)
    if (record.accountId !== null) {
      const own = this.#byAccount.get(record.accountId) ?? new Set()
      this.#byAccount.set(record.accountId, own.add(record))
    }
    this.#setSecret(record.apiKey, key.secretKey)
    return record
  }

  /** A new key from a cryptographic source: `1024_` + 64 hex, secret 64 lowercase hex (returned once). */
  mint(key: Omit<NewKey, 'apiKey' | 'secretKey'>): { record: ApiKeyRecord; secretKey: string } {
    let apiKey: string
    do apiKey = `${MINTED_KEY_PREFIX}_${randomHex(32)}`
    while (this.#byApiKey.has(apiKey))
    const secretKey = randomHex(32)
    return { record: this.add({ ...key, apiKey, secretKey }), secretKey }
  }

  /** A new secret for the key; the old one stops verifying at once. */
  rotate(apiKey: string): { record: ApiKeyRecord; secretKey: string } {
    const record = this.#require(apiKey)
    const secretKey = randomHex(32)
    this.#setSecret(apiKey, secretKey)
    record.rotatedAt = this.#now()
    return { record, secretKey }
  }

  get(apiKey: string): ApiKeyRecord | undefined {
    return this.#byApiKey.get(apiKey)
  }

  getById(id: string): ApiKeyRecord | undefined {
    return this.#byId.get(id)
  }

  /** The account's keys, oldest first. */
  list(accountId: string): ApiKeyRecord[] {
    const own = [...(this.#byAccount.get(accountId) ?? [])]
    this.#work.visit(own.length)
    return own
  }

  /** How many keys the account has. */
  countOf(accountId: string): number {
    return this.#byAccount.get(accountId)?.size ?? 0
  }

  /** Forgets the account's oldest keys until it has at most `most`. */
  trim(accountId: string, most: number): void {
    const own = this.#byAccount.get(accountId)
    for (const record of [...(own ?? [])].slice(0, Math.max(0, (own?.size ?? 0) - most))) {
      this.#forget(record)
      own!.delete(record)
    }
  }

  /** Forgets every key of the account (an expired account). */
  removeAccount(accountId: string): void {
    for (const record of this.#byAccount.get(accountId) ?? []) this.#forget(record)
    this.#byAccount.delete(accountId)
  }

  #forget(record: ApiKeyRecord): void {
    this.#byApiKey.delete(record.apiKey)
    this.#byId.delete(record.id)
    this.#hmacKeys.delete(record.apiKey)
  }

  setStatus(apiKey: string, status: KeyStatus): void {
    this.#require(apiKey).status = status
  }

  /** @internal The HMAC key that verifies this API key's signatures (usage `verify` only). */
  hmacKey(apiKey: string): Promise<CryptoKey> | undefined {
    return this.#hmacKeys.get(apiKey)
  }

  #setSecret(apiKey: string, secretKey: string): void {
    const hmacKey = importVerifyKey(secretKey)
    hmacKey.catch(() => undefined) // surfaced when a request needs it
    this.#hmacKeys.set(apiKey, hmacKey)
  }

  #require(apiKey: string): ApiKeyRecord {
    const record = this.#byApiKey.get(apiKey)
    if (!record) throw new ReferenceExchangeError('apiKey', 'known', `no such API key ${apiKey.slice(0, 9)}…`)
    return record
  }
}
