// A client group for a caller without types: a method name the group does not have, but close to one it
// has (`client.perp.listOrders`), is a typed error naming the group and the methods meant, not a bare
// "is not a function". Only ExchangeClient's groups carry it: programs of area functions do not.
import { oneEditApart, plain } from '../api/input-issues.ts'
import { ExchangeValidationError } from '../errors.ts'

/** The words of a camelCase or snake_case name, lowercase: `listOpenOrders` → list, open, orders. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_]+/)

/**
 * How close `typed` is to `name`, 0 nearest: the same but for case (0), one typo away (1), or every word of
 * it in the name (2: listOrders, listOpenOrders; overview, getOverview); undefined when not close.
 */
function closeness(typed: string, name: string): number | undefined {
  const [a, b] = [plain(typed), plain(name)]
  if (a === b) return 0
  if (oneEditApart(a, b)) return 1
  const [given, have] = [words(typed), words(name)]
  return (given.length > 1 || a.length > 4) && given.every((word) => have.includes(word)) ? 2 : undefined
}

/**
 * `methods` behind a guard: reading a name it lacks that is close to one of its methods gives a function
 * that throws ExchangeValidationError (field `<group>.<name>`, rule `unknown_method`) saying which were
 * meant. Any other name reads as it would (undefined), so `await`, `toJSON` probes and inspectors see the
 * plain object.
 */
export function guardedGroup<Group extends object>(group: string, methods: Group): Group {
  return new Proxy(methods, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || key in target) return Reflect.get(target, key, receiver)
      const scored = Object.keys(target).map((name) => [name, closeness(key, name)] as const).filter(([, score]) => score !== undefined)
      if (scored.length === 0) return undefined
      const best = Math.min(...scored.map(([, score]) => score!))
      const meant = scored.filter(([, score]) => score === best).map(([name]) => name).slice(0, 3)
      return () => {
        throw new ExchangeValidationError(`${group}.${key}`, 'unknown_method', `${group} has no method ${key}; did you mean ${meant.join(' or ')}?`)
      }
    },
  })
}
