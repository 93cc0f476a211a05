// Node-only: serves the reference exchange over node:http.
export { toNodeListener, serve, type NodeListenerOptions, type ServeOptions, type RunningExchange } from './adapter.ts'
