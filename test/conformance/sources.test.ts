import { describe } from 'vitest'
import * as sdk from '../../src/index.ts'
import { conformanceSuite } from './vitest-suite.ts'

describe('conformance suite: the sources on Node 22', () => conformanceSuite(sdk))
