// Cold start: load the package and build a client, as an application's first lines would. Node, Deno and
// Bun resolve 'exchange-client' (this package, by its own name) through their export conditions to dist/runtime/.
import { ExchangeClient } from 'exchange-client'

const client = new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey: `demo_${'0'.repeat(64)}`, secretKey: '0'.repeat(64) })
if (typeof client.perp.placeOrder !== 'function') throw new Error('exchange-client did not load')
