// `node scripts/size.ts --explain`: where the bytes of a bundled program go, per source module.
// minified: exact, from esbuild's metafile (bytes of the module in the minified output).
// gzip: what the module costs in the gzip -9 total, measured by gzipping the bundle with the module's code cut
// out (from the output's source map) and taking the difference. Gzip shares context between modules, so these do
// not add up exactly to the total; they say what removing the module would save.
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'

const gzip = (code: string) => gzipSync(code, { level: 9 }).byteLength

const VLQ_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Decodes one source-map segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = VLQ_DIGITS.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return fields
}

/** Output character ranges per source file, from a v3 source map (output lines joined with '\n'). */
function rangesBySource(code: string, map: { sources: string[]; mappings: string }): Map<string, Array<[number, number]>> {
  const lineStarts = [0]
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1)
  const marks: Array<{ at: number; source: string | undefined }> = []
  let source = 0
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0
    for (const segment of line.split(',')) {
      if (segment === '') continue
      const fields = decodeSegment(segment)
      column += fields[0]!
      if (fields.length > 1) source += fields[1]!
      marks.push({ at: lineStarts[lineIndex]! + column, source: fields.length > 1 ? map.sources[source] : undefined })
    }
  })
  const ranges = new Map<string, Array<[number, number]>>()
  marks.forEach((mark, i) => {
    if (mark.source === undefined) return
    const end = marks[i + 1]?.at ?? code.length
    const list = ranges.get(mark.source) ?? []
    list.push([mark.at, end])
    ranges.set(mark.source, list)
  })
  return ranges
}

/**
 * Names a module by where it comes from: a package (`ky`, `valibot`), or the SDK's source file. The metafile names
 * dist/x.js; the source map names src/x.ts (esbuild follows dist's own maps), so both come down to `x`.
 */
function moduleName(path: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (pkg) return pkg[1]!
  return path.replace(/^.*?(dist|src)\//, '').replace(/\.(js|ts)$/, '')
}

/** Prints one program's total and its per-module breakdown, largest first. */
export function explain(name: string, code: string, map: { sources: string[]; mappings: string }, metafile: Metafile): void {
  const total = gzip(code)
  const output = Object.entries(metafile.outputs).find(([path]) => path.endsWith('.js'))![1]
  const ranges = new Map<string, Array<[number, number]>>()
  for (const [source, list] of rangesBySource(code, map)) ranges.set(moduleName(source), [...(ranges.get(moduleName(source)) ?? []), ...list])
  const rows = new Map<string, { minified: number; cut: Array<[number, number]> }>()
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue
    const row = rows.get(moduleName(path)) ?? { minified: 0, cut: [] }
    row.minified += bytesInOutput
    if (row.cut.length === 0) row.cut.push(...(ranges.get(moduleName(path)) ?? []))
    rows.set(moduleName(path), row)
  }
  const withoutCut = (cut: Array<[number, number]>) => {
    const sorted = [...cut].sort((a, b) => a[0] - b[0])
    let kept = ''
    let from = 0
    for (const [start, end] of sorted) {
      if (start < from) continue
      kept += code.slice(from, start)
      from = end
    }
    return kept + code.slice(from)
  }
  const table = [...rows.entries()]
    .map(([module, row]) => ({ module, minified: row.minified, gzip: row.cut.length ? total - gzip(withoutCut(row.cut)) : NaN }))
    .sort((a, b) => b.minified - a.minified)
  console.log(`\n${name}: ${total} B gzip, ${code.length} B minified`)
  console.log(`  ${'module'.padEnd(44)} ${'minified'.padStart(8)} ${'gzip'.padStart(6)}`)
  // A module with no mapped code (a re-export) has no gzip figure of its own.
  for (const row of table) console.log(`  ${row.module.padEnd(44)} ${String(row.minified).padStart(8)} ${(Number.isNaN(row.gzip) ? '-' : String(row.gzip)).padStart(6)}`)
}
