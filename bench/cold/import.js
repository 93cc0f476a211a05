// Cold start: load the built library and build a client, as an application's first lines would.
import { ExchangeClient } from '../../dist/index.js'

const client = new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey: `demo_${'0'.repeat(64)}`, secretKey: '0'.repeat(64) })
if (typeof client.perp.placeOrder !== 'function') throw new Error('dist/index.js did not load')
