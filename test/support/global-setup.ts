import type { TestProject } from 'vitest/node'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve, type RunningExchange } from '../../src/testing/node/index.ts'
import { startRedirectServers, type RedirectServers } from './redirect-servers.ts'
import { TEST_SEED } from './seed.ts'
import { startVerifyingServer, type VerifyingServer } from './verifying-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    verifierUrl: string
    /** The reference exchange, seeded with test/support/seed.ts. */
    exchangeUrl: string
    /** Answers every request with a redirect to `redirectTrapUrl`. */
    redirectUrl: string
    redirectTrapUrl: string
  }
}

let verifier: VerifyingServer | undefined
let exchange: RunningExchange | undefined
let redirects: RedirectServers | undefined

/** Loopback servers shared by every test project, browsers included. */
export async function setup(project: TestProject): Promise<void> {
  verifier = await startVerifyingServer()
  project.provide('verifierUrl', verifier.url)
  exchange = await serve({ exchange: createReferenceExchange({ seed: TEST_SEED }), port: 0 })
  project.provide('exchangeUrl', exchange.url)
  redirects = await startRedirectServers()
  project.provide('redirectUrl', redirects.redirectUrl)
  project.provide('redirectTrapUrl', redirects.trapUrl)
}

export async function teardown(): Promise<void> {
  await Promise.all([verifier?.close(), exchange?.close(), redirects?.close()])
}
