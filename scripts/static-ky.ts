import type { Plugin } from 'vite'

/**
 * The script-tag build (the IIFE) loads ky with the rest of the file. The transport imports ky on its first
 * call (src/transport/http.ts), which spares Node's cold start; in one self-contained browser file there is
 * nothing to spare, and the bundler's wrapping of ky's modules for a lazy start cost 1.0 KB gzip. The first
 * call still awaits the same promise of the module, so the transport behaves the same.
 */
export function loadKyStatically(): Plugin {
  const lazy = /import\((['"])\.\/ky-load\.ts\1\)/
  return {
    name: 'load-ky-statically',
    // After TypeScript is stripped, as the other plugins: the source map then still embeds http.ts as written.
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('/src/transport/http.ts')) return undefined
      // The size budget of the IIFE counts on this: a changed import is an error, not a silent kilobyte.
      if (!lazy.test(code)) this.error("load-ky-statically: src/transport/http.ts no longer has import('./ky-load.ts')")
      // On the first line, so every line of http.ts keeps its number in the source map.
      return { code: `import * as kyLoadedStatically from './ky-load.ts'; ${code.replace(lazy, 'Promise.resolve(kyLoadedStatically)')}`, map: null }
    },
  }
}
