// Cold start: load the built library, as an application's first line would.
import * as sdk from '../../dist/index.js'

if (typeof sdk.ExchangeCore !== 'function') throw new Error('dist/index.js did not load')
