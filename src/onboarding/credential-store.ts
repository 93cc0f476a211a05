import type { KeyPermissions } from '../api/keys.ts'
import { assertApiKey, assertSecretKey } from '../auth/credentials.ts'
import type { IssuedSecret } from '../auth/hidden-secret.ts'
import { unwrapSecret } from '../auth/unwrap-secret.ts'
import { importSecretKey } from '../auth/signer.ts'
import { ExchangeError, ExchangeValidationError } from '../errors.ts'

/** What the store keeps besides the key pair; all optional, none of it secret. */
export interface CredentialMetadata {
  accountId?: string
  apiKeyId?: string
  walletAddress?: string
  baseUrl?: string
  permissions?: KeyPermissions
  /** UTC ms; `null` when the key never expires. */
  expiresAt?: number | null
}

/**
 * A stored credential. `secretKey` is a non-extractable HMAC `CryptoKey`: the page can sign with
 * it (`new ExchangeClient({ baseUrl, apiKey, secretKey })`) but no script can read the secret back.
 */
export interface StoredCredential extends CredentialMetadata {
  apiKey: string
  secretKey: CryptoKey
  /** UTC ms. */
  savedAt: number
}

export interface CredentialToSave extends CredentialMetadata {
  apiKey: string
  /**
   * The 64-hex secret (as text, or as onboarding and rotation return it: imported here, then
   * forgotten) or an HMAC `CryptoKey` that is not extractable.
   */
  secretKey: string | CryptoKey | IssuedSecret
}

export interface CredentialStoreOptions {
  /** IndexedDB database. Default `exchange-client`. */
  database?: string
  /** Record name inside it, for pages holding several credentials. Default `default`. */
  name?: string
  /** Default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory
}

export interface CredentialStore {
  save(credential: CredentialToSave): Promise<StoredCredential>
  /** `undefined` when nothing is stored. */
  load(): Promise<StoredCredential | undefined>
  clear(): Promise<void>
}

const OBJECT_STORE = 'credentials'

function storageError(what: string, cause: unknown): ExchangeError {
  return new ExchangeError('storage', `The credential store could not ${what}: ${(cause as Error)?.message ?? String(cause)}`, { cause })
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function openDatabase(factory: IDBFactory, database: string): Promise<IDBDatabase> {
  const request = factory.open(database, 1)
  request.onupgradeneeded = () => request.result.createObjectStore(OBJECT_STORE)
  return settle(request)
}

async function secretAsKey(given: string | CryptoKey | IssuedSecret): Promise<CryptoKey> {
  const secretKey = unwrapSecret(given)
  if (typeof secretKey === 'string') {
    assertSecretKey(secretKey)
    return importSecretKey(secretKey)
  }
  if (secretKey?.type !== 'secret' || secretKey.algorithm?.name !== 'HMAC') {
    throw new ExchangeValidationError('secretKey', 'format', 'secretKey must be the 64-hex secret or an HMAC CryptoKey')
  }
  if (secretKey.extractable) {
    throw new ExchangeValidationError('secretKey', 'extractable', 'secretKey is an extractable CryptoKey: import it with extractable false, or pass the secret text')
  }
  return secretKey
}

/**
 * Browser storage for one API credential, in IndexedDB. The secret is kept only as a
 * non-extractable `CryptoKey` (stored by structured clone), never as text, and nothing goes to
 * localStorage. Any script in the page can still sign with it: see docs/security.md, "Credentials in the browser".
 */
export function credentialStore(options: CredentialStoreOptions = {}): CredentialStore {
  const database = options.database ?? 'exchange-client'
  const name = options.name ?? 'default'

  async function transact<T>(mode: IDBTransactionMode, what: string, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const factory = options.indexedDB ?? globalThis.indexedDB
    if (!factory) throw new ExchangeError('storage', 'IndexedDB is not available here: the credential store works in browsers')
    let db: IDBDatabase | undefined
    try {
      db = await openDatabase(factory, database)
      const transaction = db.transaction(OBJECT_STORE, mode)
      const done = new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve()
        transaction.onabort = () => reject(transaction.error)
      })
      done.catch(() => undefined) // when the request fails first, its error is the one reported
      const result = await settle(work(transaction.objectStore(OBJECT_STORE)))
      await done
      return result
    } catch (error) {
      throw storageError(what, error)
    } finally {
      db?.close()
    }
  }

  return {
    async save(credential) {
      assertApiKey(credential?.apiKey)
      const { secretKey, ...metadata } = credential
      const stored: StoredCredential = { ...metadata, secretKey: await secretAsKey(secretKey), savedAt: Date.now() }
      await transact('readwrite', 'save the credential', (store) => store.put(stored, name))
      return stored
    },
    async load() {
      const stored = await transact<StoredCredential | undefined>('readonly', 'load the credential', (store) => store.get(name))
      return stored ?? undefined
    },
    async clear() {
      await transact('readwrite', 'clear the credential', (store) => store.delete(name))
    },
  }
}
