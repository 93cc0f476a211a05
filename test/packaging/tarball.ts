// Rules for what the published tarball must and must not hold.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file package.json points at: exports targets (any condition), main, module, types, unpkg, jsdelivr, bin. */
export function exportTargets(pkg: Record<string, unknown>): string[] {
  const targets = new Set<string>()
  const visit = (value: unknown): void => {
    if (typeof value === 'string') targets.add(value.replace(/^\.\//, ''))
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  visit(pkg.exports)
  for (const field of ['main', 'module', 'types', 'unpkg', 'jsdelivr', 'bin']) visit(pkg[field])
  return [...targets].filter((target) => !target.includes('*'))
}

/** Test code, sources, tooling, environment and key files: none of it belongs in the package. */
const FORBIDDEN = [
  /^(test|tests|src|scripts|bench|demo|coverage|test-output|node_modules|\.ci|\.github)\//,
  /(^|\/)\.env(\.|$)/,
  /(^|\/)\.npmrc$/,
  /\.(pem|key|p12|pfx|tgz)$/,
  /(^|\/)(seed|fixtures?)[^/]*\.json$/i,
  /\.test\.[cm]?[jt]s$/,
  /^(vite|vitest)\.config\./,
  /^tsconfig.*\.json$/,
]

export function forbiddenFiles(files: readonly string[]): string[] {
  return files.filter((file) => FORBIDDEN.some((rule) => rule.test(file)))
}

/** Files under `dir` that contain one of the known test secrets or a private key block. */
export function leakedSecrets(dir: string, secrets: readonly string[]): string[] {
  const leaks: string[] = []
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => walk(join(path, name)))
    const text = readFileSync(path, 'latin1')
    if (secrets.some((secret) => text.includes(secret)) || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) leaks.push(relative(dir, path))
  }
  walk(dir)
  return leaks
}
