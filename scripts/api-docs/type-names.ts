// The named input and output types of each operation, as its descriptor's source writes them
// (`name: operation<Output, Input>({`), so the generated methods show `PerpOrderInput` and
// `Promise<PerpOrder>` where an editor would otherwise print the types out. Operations a factory
// makes (`orderOperations<O, I>`) take the names its caller passes (`orderOperations<PerpOrder,
// PerpOrderInput>(`). The generated file proves each name right: its typecheck fails on a wrong one.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ApiGroup } from '../../src/api/operation.ts'

export interface TypeNames {
  output: string
  input?: string
}

const API = 'src/api'

/** The sources of each group's descriptors. */
const GROUP_SOURCES: Record<ApiGroup, string[]> = {
  system: ['system.ts'],
  account: ['account.ts'],
  perp: ['perp'],
  spot: ['spot'],
  prediction: ['prediction'],
  championship: ['championship.ts'],
}
const FACTORY_SOURCES = ['common']

function filesUnder(path: string): string[] {
  const full = join(API, path)
  return statSync(full).isDirectory() ? readdirSync(full).filter((name) => name.endsWith('.ts')).map((name) => join(full, name)) : [full]
}

/** The text of the type arguments after the `<` at `open`, and where they end. */
function typeArguments(text: string, open: number): { args: string[]; end: number } {
  let depth = 0
  let start = open + 1
  const args: string[] = []
  for (let i = open; i < text.length; i++) {
    const char = text[i]
    if (char === '<' || char === '{' || char === '(' || char === '[') depth++
    else if (char === '>' && text[i - 1] !== '=') depth--
    else if (char === '}' || char === ')' || char === ']') depth--
    if (depth === 1 && char === ',') {
      args.push(text.slice(start, i).trim())
      start = i + 1
    }
    if (depth === 0) {
      args.push(text.slice(start, i).trim())
      return { args, end: i }
    }
  }
  throw new Error(`unbalanced type arguments at ${open}`)
}

/** `name: operation<Output, Input>(` declarations of a text, by operation name. */
function declarations(text: string): Map<string, TypeNames> {
  const found = new Map<string, TypeNames>()
  for (const match of text.matchAll(/(\w+): operation</g)) {
    const { args } = typeArguments(text, match.index + match[0].length - 1)
    found.set(match[1]!, { output: args[0]!, ...(args[1] && { input: args[1] }) })
  }
  return found
}

interface Factory {
  params: string[]
  operations: Map<string, TypeNames>
}

/** `export function xOperations<P extends …, Q …>(…) { … }` of the shared sources. */
function factories(): Map<string, Factory> {
  const found = new Map<string, Factory>()
  for (const file of FACTORY_SOURCES.flatMap(filesUnder)) {
    const text = readFileSync(file, 'utf8')
    const starts = [...text.matchAll(/export function (\w+Operations)</g)]
    starts.forEach((match, index) => {
      const { args } = typeArguments(text, match.index + match[0].length - 1)
      const body = text.slice(match.index, starts[index + 1]?.index ?? text.length)
      found.set(match[1]!, { params: args.map((arg) => arg.split(/\s/)[0]!), operations: declarations(body) })
    })
  }
  return found
}

const substitute = (type: string, names: Map<string, string>) => type.replace(/\b[A-Z]\b/g, (param) => names.get(param) ?? param)

/** Every operation of the group with the names of its types. */
export function typeNamesOf(group: ApiGroup): Map<string, TypeNames> {
  const shared = factories()
  const names = new Map<string, TypeNames>()
  for (const file of GROUP_SOURCES[group].flatMap(filesUnder)) {
    const text = readFileSync(file, 'utf8')
    for (const [name, types] of declarations(text)) names.set(name, types)
    for (const call of text.matchAll(/\b(\w+Operations)</g)) {
      const factory = shared.get(call[1]!)
      if (!factory) continue
      const { args } = typeArguments(text, call.index + call[0].length - 1)
      const bound = new Map(factory.params.map((param, i) => [param, args[i]!]))
      for (const [name, types] of factory.operations) {
        names.set(name, { output: substitute(types.output, bound), ...(types.input && { input: substitute(types.input, bound) }) })
      }
    }
  }
  return names
}

/** Where each exported type of src/api is declared, relative to src/api (`./perp/trading.ts`). */
export function typeModules(): Map<string, string> {
  const modules = new Map<string, string>()
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) visit(path)
      else if (name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/^export (?:type|interface) (\w+)/gm)) {
          if (!modules.has(match[1]!)) modules.set(match[1]!, `./${relative(API, path)}`)
        }
      }
    }
  }
  visit(API)
  return modules
}

/**
 * `import type` lines for every named type the signatures use, each from the module declaring it;
 * `base` is the path of src/api from the generated file (`./` beside it, `../api/` from src/areas).
 */
export function typeImports(signatures: readonly string[], base: string, known: readonly string[] = ['Promise']): string[] {
  const modules = typeModules()
  const byModule = new Map<string, Set<string>>()
  for (const name of new Set(signatures.join('\n').match(/\b[A-Z]\w+\b/g))) {
    if (known.includes(name)) continue
    const module = modules.get(name)
    if (!module) throw new Error(`no module of src/api declares the type ${name}`)
    byModule.set(module, (byModule.get(module) ?? new Set()).add(name))
  }
  return [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${base}${module.slice(2)}'`)
}

/** The parameters and result of an operation's method or function, in its named types. */
export function signatureParts(name: string, hasInput: boolean, optionalInput: boolean, types: TypeNames | undefined): { params: string; result: string } {
  if (!types) throw new Error(`no operation<…> type arguments found for ${name}`)
  const input = hasInput ? `input${optionalInput ? '?' : ''}: ${types.input}, ` : ''
  return { params: `${input}options?: CallOptions`, result: `Promise<${types.output}>` }
}
