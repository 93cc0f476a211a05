import { inject, it } from 'vitest'
import { conformanceCases, type SdkModule } from './cases.ts'

/** The conformance cases as vitest tests, against the server the global setup started. */
export function conformanceSuite(sdk: SdkModule): void {
  const target = inject('conformanceTarget')
  for (const testCase of conformanceCases) it(testCase.name, () => testCase.run({ sdk, ...target }))
}
