// The reference exchange's seed for the test suite: one key per permission and condition the
// tests need, with fixed secrets so any test can sign with them.
import type { Seed } from '../../src/testing/index.ts'

type KeyName =
  | 'full' | 'readOnly' | 'tradeOnly' | 'noPermissions' | 'inactive' | 'revoked' | 'expired' | 'unbound'
  | 'loopbackOnly' | 'elsewhereOnly' | 'bob' | 'trader' | 'reader'

export interface TestKey {
  apiKey: string
  secretKey: string
  accountId: string | null
}

export const ALICE = 'acc-alice'
export const BOB = 'acc-bob'
/** The conformance suite's account: `trader` places, `reader` reads the same account. */
export const CAROL = 'acc-carol'
/** An address no test runs from. */
export const ELSEWHERE = '203.0.113.7'

const keyFor = (n: number): Omit<TestKey, 'accountId'> => ({
  apiKey: `test_${n.toString(16).padStart(2, '0').repeat(32)}`,
  secretKey: (0x80 + n).toString(16).repeat(32),
})

const keys: [KeyName, Omit<NonNullable<Seed['keys']>[number], 'apiKey' | 'secretKey'>][] = [
  ['full', { accountId: ALICE, permissions: ['read', 'trade', 'withdraw'], label: 'full' }],
  ['readOnly', { accountId: ALICE, permissions: ['read'], label: 'read only' }],
  ['tradeOnly', { accountId: ALICE, permissions: ['trade'], label: 'trade only' }],
  ['noPermissions', { accountId: ALICE, permissions: [], label: 'no permissions' }],
  ['inactive', { accountId: ALICE, status: 'inactive' }],
  ['revoked', { accountId: ALICE, status: 'revoked' }],
  ['expired', { accountId: ALICE, expiresAt: Date.UTC(2020, 0, 1) }],
  ['unbound', { accountId: null }],
  ['loopbackOnly', { accountId: ALICE, ipAllowlist: ['127.0.0.1'] }],
  ['elsewhereOnly', { accountId: ALICE, ipAllowlist: [ELSEWHERE, '10.0.0.0/8'] }],
  ['bob', { accountId: BOB, permissions: ['read', 'trade'] }],
  ['trader', { accountId: CAROL, permissions: ['read', 'trade'], label: 'conformance trader' }],
  ['reader', { accountId: CAROL, permissions: ['read'], label: 'conformance reader' }],
]

export const TEST_KEYS = Object.fromEntries(
  keys.map(([name, key], i) => [name, { ...keyFor(i + 1), accountId: key.accountId }]),
) as Record<KeyName, TestKey>

export const TEST_SEED: Seed = {
  accounts: [
    { id: ALICE, balances: { USDC: '100000' } },
    { id: BOB, balances: { USDC: '100000' } },
    { id: CAROL, balances: { USDC: '100000', BTC: '10', ETH: '100' } },
  ],
  keys: keys.map(([name, key]) => ({ ...key, ...TEST_KEYS[name] })),
}
