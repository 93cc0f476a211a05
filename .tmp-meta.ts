import { build } from 'esbuild'
const dir = process.argv[2]!
const result = await build({ stdin: { contents: `export * from './src/index.ts'`, resolveDir: dir, sourcefile: 'e.js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error', metafile: true })
const out = Object.values(result.metafile!.outputs)[0]!
for (const [file, { bytesInOutput }] of Object.entries(out.inputs).sort()) if (bytesInOutput > 0) console.log(bytesInOutput, file.replace(/^.*?(src|node_modules)\//, '$1/'))
