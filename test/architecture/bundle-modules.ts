// What a program carries: the source modules esbuild puts in a minified browser bundle of it.
import { build } from 'esbuild'

/** The source modules a browser bundle of `program` (TypeScript, imports relative to the project root) holds. */
export async function modulesOf(program: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: program, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  return Object.keys(Object.values(result.metafile.outputs)[0]!.inputs)
}
