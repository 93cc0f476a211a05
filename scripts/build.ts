// npm run build: the ESM entries (one file per module for bundlers, dist/; one file per entry for Node, Deno
// and Bun, dist/runtime/: see vite.config.ts), the script-tag IIFE, and the type declarations.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const bin = (name: string) => join('node_modules', '.bin', name)
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'inherit' })

rmSync('dist', { recursive: true, force: true })
run(bin('vite'), ['build', '--mode', 'lib', '--logLevel', 'warn'])
run(bin('vite'), ['build', '--mode', 'runtime', '--logLevel', 'warn'])
run(bin('vite'), ['build', '--mode', 'iife', '--logLevel', 'warn'])
run(bin('vite'), ['build', '--mode', 'iife-strict', '--logLevel', 'warn'])
run(bin('tsc'), ['-p', 'tsconfig.build.json'])

// Our sources import './x.ts'; published declarations must name './x.js'.
function rewriteDeclarations(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) rewriteDeclarations(path)
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8')
      writeFileSync(path, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'))
    }
  }
}
rewriteDeclarations('dist')
console.log('built dist/')
