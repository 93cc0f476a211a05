// The credential's life in the page, with the library's public API only.
import { credentialStore, ExchangeClient, type KeyInfo, type OnboardedKey, type RotatedKey, type StoredCredential, type WalletSigner } from 'exchange-client'

export interface Session {
  client: ExchangeClient
  info: KeyInfo
  /** The key in this browser's store; none when a signing proxy holds the key. */
  stored?: StoredCredential
}

const store = credentialStore({ name: 'demo' })

/**
 * This demo onboards and rotates in the page, where the new secret arrives as text, so it opts in.
 * A production page should have its backend sign (`sign`), or load a CryptoKey from the store.
 */
const TRADING_IN_PAGE = { dangerouslyAllowBrowser: true } as const

/**
 * The one place the page reads a freshly issued secret (onboarding, rotation), through the SDK's one
 * explicit access: to show it to the user once. The store takes the secret without reading it.
 */
export function issuedSecret(issued: OnboardedKey | RotatedKey): string {
  return issued.secretKey.reveal()
}

/** A client without a key: market data, the clock, onboarding. */
export function openClient(baseUrl: string): ExchangeClient {
  return new ExchangeClient({ baseUrl, ...TRADING_IN_PAGE })
}

/** Introspects the key and files what it may do beside it in the store. */
async function describe(client: ExchangeClient, stored: StoredCredential): Promise<Session> {
  const info = await client.getKeyInfo()
  const updated = await store.save({ ...stored, permissions: info.permissions, expiresAt: info.expiresAt })
  return { client, info, stored: updated }
}

function signedClient(baseUrl: string, stored: StoredCredential): ExchangeClient {
  return new ExchangeClient({ baseUrl, apiKey: stored.apiKey, secretKey: stored.secretKey, ...TRADING_IN_PAGE })
}

/** The key stored by an earlier visit, if there is one and the exchange still takes it. */
export async function restoreSession(baseUrl: string): Promise<Session | undefined> {
  const stored = await store.load()
  if (!stored) return undefined
  try {
    return await describe(signedClient(baseUrl, stored), stored)
  } catch (error) {
    if ((error as { kind?: string }).kind === 'auth') await store.clear()
    throw error
  }
}

/** Wallet signature → API key → stored as a non-extractable CryptoKey → a client signing with it. */
export async function createSession(client: ExchangeClient, signer: WalletSigner): Promise<{ session: Session; key: OnboardedKey }> {
  const key = await client.onboard({ signer })
  const stored = await store.save({
    apiKey: key.apiKey,
    secretKey: key.secretKey,
    accountId: key.accountId,
    apiKeyId: key.apiKeyId,
    walletAddress: signer.address,
    baseUrl: client.baseUrl,
  })
  return { session: await describe(signedClient(client.baseUrl, stored), stored), key }
}

/** A new secret: the running client switches to it, and the store keeps it for the next visit. */
export async function rotateSession(session: Session): Promise<{ session: Session; rotated: RotatedKey }> {
  const rotated = await session.client.rotate()
  const stored = await store.save({ ...session.stored!, secretKey: rotated.secretKey })
  return { session: await describe(session.client, stored), rotated }
}

/** A client with no secret whose calls the signing proxy at `proxyUrl` signs, and the key that proxy holds. */
export async function proxySession(proxyUrl: string): Promise<Session> {
  const client = new ExchangeClient({ baseUrl: proxyUrl, signedBy: 'proxy' })
  return { client, info: await client.getKeyInfo() }
}

export function forgetSession(): Promise<void> {
  return store.clear()
}
