// Reading Markdown the way the docs tests need it: fenced blocks, the shell commands in them, links and
// the anchors GitHub gives headings.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Block {
  lang: string
  /** The rest of the fence's info string (```ts no-run: needs a wallet → `no-run: needs a wallet`). */
  info: string
  body: string
  /** The line of the opening fence, from 1. */
  line: number
}

const FENCE = /^```(\S*)([^\n]*)\n([\s\S]*?)^```$/gm

/** Every fenced block (```lang info … ```) of a Markdown text, in order. */
export function fencedBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(FENCE)].map((match) => ({
    lang: match[1]!,
    info: match[2]!.trim(),
    body: match[3]!,
    line: markdown.slice(0, match.index).split('\n').length,
  }))
}

/** The text outside fenced blocks (links and headings live there). */
export function prose(markdown: string): string {
  return markdown.replace(FENCE, '')
}

/**
 * The commands of a ```sh block, one per line: comments dropped, `\` continuations joined, and `a && b`
 * split into its parts, since each part is a command someone runs.
 */
export function shellCommands(body: string): string[] {
  const joined = body.replace(/\\\n\s*/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '')
    .flatMap((line) => line.split(/\s+&&\s+/))
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-')
}

/** The anchors of every heading of a Markdown text, with GitHub's -1, -2 … suffixes on repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, text] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = headingSlug(text!.trim())
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The targets of the inline links `[text](target)` and of HTML `src`/`href` attributes outside fenced blocks. */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
  const links = [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, target]) => target!)
  const attributes = [...text.matchAll(/<[a-z]+\s[^>]*?\b(?:src|href)="([^"]+)"/g)].map(([, target]) => target!)
  return [...links, ...attributes]
}

/** README.md and every docs/*.md, as paths from the repository root. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)
  return ['README.md', ...docs.sort()]
}

export const readText = (root: string, path: string) => readFileSync(join(root, path), 'utf8')
