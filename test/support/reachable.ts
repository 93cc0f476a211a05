// What a debugger attached to the process can read from an object: a walk over the DevTools protocol
// (node:inspector) through its own properties, its # fields, its internal slots (a promise's result,
// a Map's entries) and the variables its functions close over, as a debugger's object view shows
// them. Module and global scopes are shared by every client, and a WeakMap holds nothing alive, so
// neither is walked; everything else within `limit` objects is.
import { Session } from 'node:inspector/promises'

interface RemoteObject { type: string; subtype?: string; className?: string; description?: string; value?: unknown; objectId?: string }
interface PropertyDescriptor { name: string; value?: RemoteObject }
interface Properties { result: PropertyDescriptor[]; privateProperties?: PropertyDescriptor[]; internalProperties?: PropertyDescriptor[] }

export interface Found {
  /** The path to it, e.g. `#transport.#options.secretKey`. */
  path: string
  /** The class of what was found (`string` for text). */
  what: string
}

/** Scopes every client shares (a module's, the global one): not the client's to hold. */
const SHARED_SCOPE = /^(Global|Script|Module)/

/**
 * Every place under `root` (to `limit` objects) where `match` is true of a string or of an object's
 * class name. Each object is walked once (a WeakSet in the debuggee marks it), so cycles end.
 */
export async function findReachable(root: object, match: (value: RemoteObject) => boolean, limit = 20_000): Promise<{ found: Found[]; walked: number }> {
  const session = new Session()
  session.connect()
  const global = globalThis as { __reachableRoot?: object }
  global.__reachableRoot = root
  const found: Found[] = []
  let walked = 0
  try {
    await session.post('Runtime.evaluate', { expression: 'globalThis.__reachableSeen = new WeakSet()' })
    const { result } = await session.post('Runtime.evaluate', { expression: 'globalThis.__reachableRoot' }) as { result: RemoteObject }
    const queue: [RemoteObject, string][] = [[result, '']]
    while (queue.length > 0) {
      if (++walked > limit) throw new Error(`more than ${limit} objects reachable: the walk would be incomplete`)
      const [object, path] = queue.shift()!
      const { result: own, privateProperties = [], internalProperties = [] } = await session.post('Runtime.getProperties', { objectId: object.objectId!, ownProperties: true }) as Properties
      const scopes = object.className === 'Array' && object.description?.startsWith('Scopes[')
      for (const { name, value } of [...own, ...privateProperties, ...internalProperties]) {
        if (!value || name === '__proto__' || name === '[[Prototype]]') continue
        const at = path ? `${path}.${name}` : name
        if (match(value)) found.push({ path: at, what: value.type === 'string' ? 'string' : value.className ?? value.type })
        if (!value.objectId || (value.type !== 'object' && value.type !== 'function')) continue
        if (value.className === 'WeakMap' || value.className === 'WeakSet') continue
        if (scopes && SHARED_SCOPE.test(value.description ?? '')) continue
        // Scope objects are made afresh for each look: walk them; anything else, the first time it is seen.
        const isScope = scopes || name === '[[Scopes]]'
        if (!isScope) {
          const seen = await session.post('Runtime.callFunctionOn', {
            objectId: value.objectId,
            functionDeclaration: 'function () { const seen = globalThis.__reachableSeen; if (seen.has(this)) return true; seen.add(this); return false }',
            returnByValue: true,
          }) as { result: { value: boolean } }
          if (seen.result.value) continue
        }
        queue.push([value, at])
      }
    }
  } finally {
    delete global.__reachableRoot
    await session.post('Runtime.evaluate', { expression: 'delete globalThis.__reachableSeen' }).catch(() => undefined)
    session.disconnect()
  }
  return { found, walked }
}
