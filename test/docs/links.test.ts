// Every relative link of README.md and docs/*.md leads somewhere: the file exists, and an anchor names a
// heading of that file (as GitHub makes anchors from headings). The hover docs link the README's sections
// on the package page; those anchors must name README headings too.
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentationFiles, headingAnchors, linkTargets, readText } from './markdown.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target)

/** What is wrong with one link of `from`, or undefined when it leads somewhere. */
function brokenLink(from: string, target: string): string | undefined {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined]
  const to = path === '' ? from : normalize(join(dirname(from), decodeURIComponent(path)))
  if (!existsSync(join(ROOT, to))) return `${from}: ${target}: no file ${to}`
  if (anchor === undefined || !to.endsWith('.md')) return undefined
  if (!headingAnchors(readText(ROOT, to)).has(anchor)) return `${from}: ${target}: no heading #${anchor} in ${to}`
  return undefined
}

describe('links in README.md and docs/*.md', () => {
  const files = documentationFiles(ROOT)

  it('covers the README and the docs folder', () => {
    expect(files).toContain('README.md')
    expect(files).toContain('docs/reference-exchange.md')
  })

  it.each(files)('every relative link of %s leads to a file and heading that exist', (file) => {
    const links = linkTargets(readText(ROOT, file)).filter((target) => !isExternal(target))
    expect(links.map((target) => brokenLink(file, target)).filter((problem) => problem !== undefined)).toEqual([])
  })
})

describe('links from the hover docs to the README on the package page', () => {
  const PAGE = 'https://www.npmjs.com/package/exchange-client#'

  it('name headings the README has', () => {
    const files = ['src', 'scripts'].flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((path) => join(dir, path)))
    const links = files.filter((path) => path.endsWith('.ts')).flatMap((path) => readText(ROOT, path).match(/https:\/\/www\.npmjs\.com\/package\/exchange-client#[a-z0-9-]+/g) ?? [])
    const anchors = new Set(links.map((link) => link.slice(PAGE.length)))
    expect(anchors.size).toBeGreaterThan(0)
    const readme = headingAnchors(readText(ROOT, 'README.md'))
    expect([...anchors].filter((anchor) => !readme.has(anchor))).toEqual([])
  })
})
