// What ships (README.md, docs/, dist/ with its source maps) speaks of this project alone: no pointer to
// files a user does not have (the service's specification and notes kept beside this repository),
// no issue numbers of its tracker, no tags of the sources those notes cite.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const WORDS: [what: string, pattern: RegExp][] = [
  ['the specification file', /SPEC\.md|\bSPEC\b/],
  ['the notes on the real service', /real-service\.md/],
  ['an issue number', /\b[Ii]ssues? #?\d+|(?<![\w&#/.-])#\d{1,4}\b(?![\w-])/],
  // "the target", "as the issue asks": the tracker's issues, not a validation issue ("the issue is …").
  ['an issue of the tracker', /\b(?:the|this|that|an?) issue(?:'s|\s+(?:asks|says|wants|names|sets|set))\b/i],
  ['a source tag', /(?<![\w$#.-])S[123](?![\w$-])/],
  ['a section of those notes', /(?<!RFC \d+ )§ ?\d/],
]

/** Minified bundles: short names such as `S1` are the minifier's, not words; their sources are checked through the maps. */
const isMinified = (file: string) => file.endsWith('.iife.js')

/** The text a file shows a reader: a source map's embedded sources of ours (not its dependencies'), or the file. */
function readable(path: string): string {
  const text = readFileSync(path, 'utf8')
  if (!path.endsWith('.map')) return text
  const map = JSON.parse(text) as { sources: string[]; sourcesContent?: (string | null)[] }
  return map.sources.map((source, i) => (source.includes('node_modules/') ? '' : (map.sourcesContent?.[i] ?? ''))).join('\n')
}

/** `file: what ("…match…")` for each shipped file under `root` (the given files or dirs) that names one. */
export function foreignWords(root: string, entries: readonly string[]): string[] {
  const found: string[] = []
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) return readdirSync(path).sort().forEach((name) => visit(join(path, name)))
    if (!/\.(md|js|mjs|cjs|ts|mts|map|json)$/.test(path)) return
    // A built file with a source map is read through the map: the runtime build bundles its dependencies,
    // whose own comments (ky's, noble's) are theirs, not words of this project.
    if (/\.m?js$/.test(path) && existsSync(`${path}.map`)) return
    const file = relative(root, path)
    const text = readable(path)
    for (const [what, pattern] of WORDS) {
      if (what === 'a source tag' && isMinified(file)) continue
      const match = pattern.exec(text)
      if (match) found.push(`${file}: ${what} ("${text.slice(Math.max(0, match.index - 30), match.index + 30).replaceAll('\n', ' ')}")`)
    }
  }
  for (const entry of entries) visit(join(root, entry))
  return found
}
