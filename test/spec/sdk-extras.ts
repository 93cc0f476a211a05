/**
 * The SDK's operations beyond the spec (neither one of its path operations nor one it names), as
 * `group.method` → where the path comes from: `real` (real-service.md) or `ours`. Today there are
 * none: every SDK operation is one the spec lists or names. Adding one means adding it here; the
 * fixture tests fail naming it until then, and the conformance test runs it against the exchange.
 */
export const SDK_EXTRAS: Readonly<Record<string, 'real' | 'ours'>> = {}
