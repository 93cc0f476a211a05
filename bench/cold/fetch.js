// Cold-start baseline: a script that only touches fetch and Request. Node loads its fetch
// implementation (undici) lazily on first touch; any program that sends a request pays this.
if (typeof globalThis.fetch !== 'function' || typeof globalThis.Request !== 'function') throw new Error('no fetch')
