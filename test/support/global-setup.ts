import type { TestProject } from 'vitest/node'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve, type RunningExchange } from '../../src/testing/node/index.ts'
import { iifeText, startRecordingProxy, type RecordingProxy } from './recording-proxy.ts'
import { startRedirectServers, type RedirectServers } from './redirect-servers.ts'
import { TEST_KEYS, TEST_SEED } from './seed.ts'
import { startVerifyingServer, type VerifyingServer } from './verifying-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    verifierUrl: string
    /** The reference exchange, seeded with test/support/seed.ts. */
    exchangeUrl: string
    /** Answers every request with a redirect to `redirectTrapUrl`. */
    redirectUrl: string
    redirectTrapUrl: string
    /** signingProxy in front of the reference exchange, admitting any origin; records what it got (test/support/recording-proxy.ts). */
    proxyUrl: string
    /** The same, admitting only an origin no test page has. */
    refusingProxyUrl: string
    /** dist/exchange-client.iife.js, for a page to run as a `<script>` ('' before a build). */
    iifeText: string
  }
}

let verifier: VerifyingServer | undefined
let exchange: RunningExchange | undefined
let redirects: RedirectServers | undefined
let proxies: RecordingProxy[] = []

/** Loopback servers shared by every test project, browsers included. */
export async function setup(project: TestProject): Promise<void> {
  verifier = await startVerifyingServer()
  project.provide('verifierUrl', verifier.url)
  exchange = await serve({ exchange: createReferenceExchange({ seed: TEST_SEED }), port: 0 })
  project.provide('exchangeUrl', exchange.url)
  redirects = await startRedirectServers()
  project.provide('redirectUrl', redirects.redirectUrl)
  project.provide('redirectTrapUrl', redirects.trapUrl)
  const proxied = { target: exchange.url, ...TEST_KEYS.trader, allow: ['public', 'read', 'trade'] as const }
  proxies = [await startRecordingProxy({ ...proxied, cors: '*' }), await startRecordingProxy({ ...proxied, cors: ['https://elsewhere.example'] })]
  project.provide('proxyUrl', proxies[0]!.url)
  project.provide('refusingProxyUrl', proxies[1]!.url)
  project.provide('iifeText', iifeText())
}

export async function teardown(): Promise<void> {
  await Promise.all([verifier?.close(), exchange?.close(), redirects?.close(), ...proxies.map((proxy) => proxy.close())])
}
