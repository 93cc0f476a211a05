// The published build marks valibot's schema factories pure (scripts/pure-schemas.ts), so esbuild, which does
// not honour valibot's own marks across modules, drops the schemas a program does not reach.
import { build } from 'esbuild'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { markSchemasPure } from '../../scripts/pure-schemas.ts'

const SCHEMAS = `import * as v from 'valibot'
export const used = v.pipe(v.string('must be a string'), v.regex(/^a/, 'must start with USED'))
export const unused = v.picklist(['x', 'y'], 'must be UNUSED')
export const check = (input) => v.safeParse(used, input)
`

function marked(code: string, id = '/repo/src/api/schemas.ts'): string {
  const transform = markSchemasPure().transform as (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | undefined
  return transform.call({ parse: parseAst }, code, id)?.code ?? code
}

/** esbuild, minified, for a browser (as scripts/size.ts measures), of a program importing `used` only. */
async function bundled(schemas: string): Promise<string> {
  const result = await build({
    stdin: { contents: `import { used } from 'schemas'\nconsole.log(used)`, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    plugins: [{
      name: 'schemas',
      setup(b) {
        b.onResolve({ filter: /^schemas$/ }, () => ({ path: 'schemas', namespace: 'schemas' }))
        b.onLoad({ filter: /.*/, namespace: 'schemas' }, () => ({ contents: schemas, loader: 'js', resolveDir: process.cwd() }))
      },
    }],
  })
  return result.outputFiles[0]!.text
}

describe('valibot schema factories marked pure in the published build', () => {
  it('marks each factory call, never a parse run for its result, and leaves the exchange (src/testing) alone', () => {
    const code = marked(SCHEMAS)
    expect(code).toContain("/* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string('must be a string'), /* @__PURE__ */ v.regex(")
    expect(code).toContain("/* @__PURE__ */ v.picklist(['x', 'y']")
    expect(code).toContain('=> v.safeParse(used, input)')
    expect(marked(SCHEMAS, '/repo/src/testing/market/x.ts')).toBe(SCHEMAS)
  })

  it('lets esbuild drop a schema the program does not use, which it keeps unmarked', async () => {
    expect(await bundled(SCHEMAS)).toContain('must be UNUSED')
    const shaken = await bundled(marked(SCHEMAS))
    expect(shaken).not.toContain('must be UNUSED')
    expect(shaken).toContain('must start with USED')
  })
})
