// Cold start of the per-module build (dist/index.js, the files bundlers read), for comparison with import.js.
import { ExchangeClient } from '../../dist/index.js'

const client = new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey: `demo_${'0'.repeat(64)}`, secretKey: '0'.repeat(64) })
if (typeof client.perp.placeOrder !== 'function') throw new Error('dist/index.js did not load')
