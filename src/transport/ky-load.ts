// ky alone, for the transport's lazy import: a bundler then keeps only ky's default export, not its
// whole namespace (its error classes and guards, which the transport does not use).
export { default } from 'ky'
