import { describe } from 'vitest'
import type { SdkModule } from '../conformance/cases.ts'
import { conformanceSuite } from '../conformance/vitest-suite.ts'

// The built ESM entry as a browser app would import it (npm test builds dist/ first). The path is
// a variable so type-checking does not depend on a build.
const distEntry = '../../dist/index.js'
const sdk = (await import(/* @vite-ignore */ distEntry)) as SdkModule

describe('conformance suite: dist/index.js in headless Chromium', () => conformanceSuite(sdk))
