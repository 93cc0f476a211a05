const INSPECT = Symbol.for('nodejs.util.inspect.custom')

/**
 * Keeps a freshly issued secret out of logs and JSON: `JSON.stringify` and Node's `console.log`
 * show `secretKey: "[hidden]"`. The field itself stays readable (and spreadable) for storing it.
 */
export function hideSecret<T extends { secretKey: string }>(value: T): T {
  const shown = () => ({ ...value, secretKey: '[hidden]' })
  Object.defineProperty(value, 'toJSON', { value: shown, enumerable: false })
  Object.defineProperty(value, INSPECT, { value: () => shown(), enumerable: false })
  return value
}
