import { describe, expect, it } from 'vitest'
import { moduleSpecifiers } from './module-specifiers.ts'

const names = (source: string) => moduleSpecifiers(source).specifiers.map(({ specifier, kind }) => `${kind} ${specifier}`)

describe('the import scanner behind the independence check', () => {
  it('finds every form of import and re-export, type-only ones included', () => {
    const source = [
      `import { a, type B } from '../one.ts'`,
      `import type { C } from "../two.ts"`,
      `import * as d from '../three.ts'`,
      `import e, {\n  f,\n  g,\n} from '../four.ts'`,
      `import '../side-effect.ts'`,
      `export { h } from '../five.ts'`,
      `export type { I } from '../six.ts'`,
      `export * from '../seven.ts'`,
      `const m = await import('../eight.ts')`,
      `type T = typeof import('../nine.ts')`,
      `const r = require('../ten.cjs')`,
    ].join('\n')
    expect(names(source)).toEqual([
      'static ../one.ts', 'static ../two.ts', 'static ../three.ts', 'static ../four.ts', 'static ../five.ts',
      'static ../six.ts', 'static ../seven.ts', 'static ../side-effect.ts',
      'dynamic ../eight.ts', 'dynamic ../nine.ts', 'dynamic ../ten.cjs',
    ])
  })

  it('ignores imports inside comments, strings and regular expressions, and is not thrown off by them', () => {
    const source = [
      `// import { x } from '../commented.ts'`,
      `/* import '../block.ts' */`,
      `const url = 'http://host/*' // a string holding comment starters`,
      `const text = "import { y } from '../in-a-string.ts'"`,
      `const re = /import '..\\/in-a-regex.ts'/`,
      `import { z } from '../real.ts'`,
    ].join('\n')
    expect(names(source)).toEqual(['static ../real.ts'])
  })

  it('reports a dynamic import it cannot resolve, with its line', () => {
    const { uncheckable } = moduleSpecifiers(`const a = 1\nconst m = await import(\`../\${name}.ts\`)`)
    expect(uncheckable).toEqual([{ line: 2, text: 'dynamic import of `../${name}.ts`' }])
  })

  it('does not take import.meta or a method named import for a module load', () => {
    expect(moduleSpecifiers(`const u = import.meta.url\nloader.import('x')`)).toEqual({ specifiers: [], uncheckable: [] })
  })
})
