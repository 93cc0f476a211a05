// The shipped README, docs/ and dist/ (the files package.json's "files" lists; the packaging check runs the
// same scan on the packed tarball) name no file a user lacks, no issue number and no source tag.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { foreignWords } from '../packaging/shipped-words.ts'
import pkg from '../../package.json' with { type: 'json' }

describe('the words that ship', () => {
  it('README.md, docs/ and dist/ speak of this project alone', () => {
    if (!existsSync('dist/index.js')) execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'ignore' })
    expect(pkg.files).toEqual(['dist', 'docs', 'README.md'])
    expect(foreignWords('.', pkg.files)).toEqual([])
  }, 120_000)

  it('the scan catches each kind, in a doc, in code and in a source map, and passes RFC sections and minified names', () => {
    const root = mkdtempSync(join(tmpdir(), 'shipped-words-'))
    mkdirSync(join(root, 'dist'))
    writeFileSync(join(root, 'a.md'), 'See SPEC.md.\n')
    writeFileSync(join(root, 'b.md'), 'As issue #15 asks.\n')
    writeFileSync(join(root, 'b2.md'), "It holds the issue's target. When the issue is a missing field, it says so.\n")
    writeFileSync(join(root, 'c.md'), '| `x` | S3 `account.py` |\n')
    writeFileSync(join(root, 'dist', 'd.js'), '/** Sides (real-service.md §6.1). */\n')
    writeFileSync(join(root, 'dist', 'e.js.map'), JSON.stringify({ sources: ['../src/e.ts', '../node_modules/ky/x.ts'], sourcesContent: ['// see #12', '// see issue #581'] }))
    writeFileSync(join(root, 'dist', 'ok.js'), '// JSON has no BOM (RFC 8259 §8.1); colour #fff; x.#private\n')
    writeFileSync(join(root, 'dist', 'ok.iife.js'), 'var S1=1;S2(S1)\n')
    expect(foreignWords(root, ['a.md', 'b.md', 'b2.md', 'c.md', 'dist']).map((line) => line.split(' ("')[0])).toEqual([
      'a.md: the specification file',
      'b.md: an issue number',
      'b2.md: an issue of the tracker',
      'c.md: a source tag',
      'dist/d.js: the notes on the real service',
      'dist/d.js: a section of those notes',
      'dist/e.js.map: an issue number',
    ])
  })
})
