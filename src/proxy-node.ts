// exchange-client/proxy/node: a fetch handler (signingProxy's) as a node:http request listener, for
// `http.createServer`, Express and Fastify. Node only: an entry of its own, so no browser bundle sees it.
export { BODY_ALREADY_READ, toNodeListener, type FetchHandler, type NodeListenerOptions, type NodeRequestListener } from './proxy/node.ts'
