// A TypeScript user's program, type-checked against the packed package (test/packaging/check.ts) and,
// through the `exchange-client` path of tsconfig.json, against the sources by the project typecheck.
// Every @ts-expect-error must be needed: tsc reports an unused one as an error.
import {
  ExchangeClient,
  isExchangeError,
  type OrderSide,
  type OrderStatus,
  type PerpOrder,
  type PerpOrderInput,
  type PredictionMarket,
} from 'exchange-client'

const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1' })

export async function trade(): Promise<void> {
  const input: PerpOrderInput = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' }
  const order: PerpOrder = await client.perp.placeOrder(input)

  // @ts-expect-error a misspelled response field: response types have no index signature
  console.log(order.staus)

  // @ts-expect-error an unknown status value for a status-typed variable
  const unknownStatus: OrderStatus = 'fillled'

  // @ts-expect-error a wrong side
  const wrongSide: OrderSide = 'long'

  // @ts-expect-error a missing required input field (size)
  await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market' })

  // The status field is open (the service may add states), and its known values still autocomplete.
  const known: PerpOrder['status'] = 'partially_filled'
  const added: PerpOrder['status'] = 'pending_trigger'
  const market: PredictionMarket = await client.prediction.getMarket({ marketId: '1001' })
  const id: string = market.marketId
  console.log(unknownStatus, wrongSide, known, added, id)
}

export function handle(error: unknown): number | undefined {
  // The guard narrows to the class of that kind: a rate-limit is an ExchangeApiError.
  if (isExchangeError(error, 'rate-limit')) return error.retryAfterMs ?? error.codeNum
  if (isExchangeError(error, 'network')) {
    // @ts-expect-error a network error carries no service code
    return error.codeNum
  }
  return undefined
}
