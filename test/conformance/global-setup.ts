import type { TestProject } from 'vitest/node'
import { startConformanceTarget, type ConformanceTarget, type ConformanceTargetInfo } from './target.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceTarget: ConformanceTargetInfo
  }
}

let target: ConformanceTarget | undefined

/** The conformance suite's server, shared by the node and chromium projects. */
export async function setup(project: TestProject): Promise<void> {
  target = await startConformanceTarget()
  project.provide('conformanceTarget', { baseUrl: target.baseUrl, keys: target.keys, redirect: target.redirect })
}

export async function teardown(): Promise<void> {
  await target?.close()
}
