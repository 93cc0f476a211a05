import type { IssuedSecret } from './hidden-secret.ts'

/**
 * The text of an `IssuedSecret` (recognised by its `reveal()`, so one from another copy of the SDK,
 * ESM beside a script tag, works too, and a program that never onboards does not bundle the class);
 * anything else as it is.
 */
export function unwrapSecret<T>(secretKey: T | IssuedSecret): T | string {
  const reveal = (secretKey as Partial<IssuedSecret> | null | undefined)?.reveal
  return typeof reveal === 'function' ? reveal.call(secretKey) : (secretKey as T)
}
