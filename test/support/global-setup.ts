import type { TestProject } from 'vitest/node'
import { startVerifyingServer, type VerifyingServer } from './verifying-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    verifierUrl: string
  }
}

let verifier: VerifyingServer | undefined

/** Loopback servers shared by every test project, browsers included. */
export async function setup(project: TestProject): Promise<void> {
  verifier = await startVerifyingServer()
  project.provide('verifierUrl', verifier.url)
}

export async function teardown(): Promise<void> {
  await verifier?.close()
}
