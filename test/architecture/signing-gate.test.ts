// One signing gate (src/auth/gate.ts): every HMAC signature of the SDK is made there, and nothing else
// in src/ can reach a key's sign function. Read from the sources: which modules import the function that
// makes a key's signer, which build a gate, which stamp or date a signature, which set X-SIGNATURE.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path) // the reference exchange verifies, it never signs
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const sdk = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
/** The SDK modules whose source matches `pattern`. */
const matching = (pattern: RegExp) => sdk.filter(({ text }) => pattern.test(text)).map(({ file }) => file).sort()

describe('the signing gate is the one path to a key', () => {
  it('only src/auth/key-gate.ts makes a signer of a key (keySigner), and only it builds a gate', () => {
    expect(matching(/\bkeySigner\b/)).toEqual(['src/auth/key-gate.ts', 'src/auth/signer.ts'])
    expect(matching(/new SigningGate\(/)).toEqual(['src/auth/key-gate.ts'])
  })

  it('the gate keeps the sign function private (#sign), and no other module calls a credentials-style sign', () => {
    const gate = sdk.find(({ file }) => file === 'src/auth/gate.ts')!.text
    expect(gate).toMatch(/readonly #sign: SignFunction/)
    expect(matching(/credentials\??\.sign\(/)).toEqual([])
  })

  it('only the gate stamps a payload or dates a write by the clock', () => {
    expect(matching(/stamper\.stamp\(|stamper\.lead\(/)).toEqual(['src/auth/gate.ts'])
    // The login message (onboarding) is dated by the same rule, asked of the same clock.
    expect(matching(/checkTrusted\(/)).toEqual(['src/auth/clock.ts', 'src/auth/gate.ts', 'src/onboarding/onboard.ts'])
  })

  it("only the gate moves the clock by a signed call's answer; X-SIGNATURE is set only from what the gate signed", () => {
    expect(matching(/clock\.accepted\(/)).toEqual(['src/auth/gate.ts'])
    const setters = matching(/X-SIGNATURE'/)
    expect(setters).toEqual(['src/auth/gate.ts', 'src/auth/signed-request.ts', 'src/proxy/signing-proxy.ts', 'src/transport/http.ts'])
    for (const file of setters.filter((file) => file !== 'src/auth/gate.ts')) {
      expect(sdk.find((source) => source.file === file)!.text, file).toMatch(/from '(\.\.\/auth|\.)\/gate\.ts'/)
    }
  })
})
