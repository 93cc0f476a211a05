import type { Plugin } from 'vite'

/**
 * The script-tag build (the IIFE) loads ky with the rest of the file. The transport imports ky on its first
 * call (src/transport/http.ts), which spares Node's cold start; in one self-contained browser file there is
 * nothing to spare, and the bundler's wrapping of ky's modules for a lazy start cost 1.0 KB gzip. The first
 * call still awaits the same promise of the module, so the transport behaves the same.
 */
export function loadKyStatically(): Plugin {
  const lazy = "import('./ky-load.ts')"
  return {
    name: 'load-ky-statically',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/transport/http.ts')) return undefined
      // The size budget of the IIFE counts on this: a changed import is an error, not a silent kilobyte.
      if (!code.includes(lazy)) this.error(`load-ky-statically: src/transport/http.ts no longer has ${lazy}`)
      return { code: `import * as kyLoadedStatically from './ky-load.ts'\n${code.replace(lazy, 'Promise.resolve(kyLoadedStatically)')}`, map: null }
    },
  }
}
