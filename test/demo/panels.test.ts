// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { keyPanel } from '../../demo/src/key-panel.ts'
import { marketPanel } from '../../demo/src/market-panel.ts'
import { orderPanel, placedOrderMessage, restingPrice, type OrderDraft } from '../../demo/src/order-panel.ts'
import { portfolioPanel, portfolioTotal } from '../../demo/src/portfolio-panel.ts'
import { predictionPanel } from '../../demo/src/prediction-panel.ts'
import { secretNotice } from '../../demo/src/secret-notice.ts'
import { walletPanel, type WalletChoice } from '../../demo/src/wallet-panel.ts'

const $ = <T extends Element = HTMLElement>(root: Element, test: string) => root.querySelector<T>(`[data-test="${test}"]`)!
const ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'

describe('wallet panel', () => {
  it('offers an EVM and a Solana wallet, and throw-away test wallets of each kind', () => {
    const chosen: WalletChoice[] = []
    const panel = walletPanel({ onConnect: (choice) => chosen.push(choice) })
    for (const test of ['connect-injected', 'connect-solana', 'connect-test', 'connect-test-solana']) $<HTMLButtonElement>(panel.element, test).click()
    expect(chosen).toEqual(['injected', 'solana', 'test-evm', 'test-solana'])
  })

  it('shows the exact message to be signed and waits for the user to sign it', async () => {
    const panel = walletPanel({ onConnect: () => undefined })
    expect($(panel.element, 'sign').hidden).toBe(true)
    panel.connected(ADDRESS, 'EVM wallet')
    expect($(panel.element, 'wallet-address').textContent).toContain('0x2c75…5c23')
    expect($(panel.element, 'connect-test').closest('.wallet-choices')!.hasAttribute('hidden')).toBe(true)
    let accepted = false
    const review = panel.review('1024 Exchange - login - 1').then(() => (accepted = true))
    expect($(panel.element, 'login-message').textContent).toBe('1024 Exchange - login - 1')
    expect(panel.element.textContent).toContain('will be asked to sign exactly this message')
    await Promise.resolve()
    expect(accepted).toBe(false)
    $<HTMLButtonElement>(panel.element, 'sign').click()
    await review
    expect(accepted).toBe(true)
    expect($(panel.element, 'sign').hidden).toBe(true)
    panel.message('1024 Exchange - login - 1', 'signed')
    expect(panel.element.textContent).toContain('Signed message:')
  })

  it('reset abandons a pending review and offers the wallets again', async () => {
    const panel = walletPanel({ onConnect: () => undefined })
    panel.connected(ADDRESS, 'EVM wallet')
    const review = panel.review('1024 Exchange - login - 1')
    panel.reset()
    await expect(review).rejects.toThrow(/abandoned/)
    expect($(panel.element, 'connect-injected').closest('.wallet-choices')!.hasAttribute('hidden')).toBe(false)
    expect($(panel.element, 'sign').hidden).toBe(true)
  })
})

describe('the shown-once secret', () => {
  it('shows key and secret with the warning, and hiding removes the secret from the page', () => {
    let hidden = false
    const host = document.createElement('div')
    const secret = 'cd'.repeat(32)
    host.append(secretNotice({ apiKey: `1024_${'ab'.repeat(32)}`, secretKey: secret }, 'Your new API key', () => (hidden = true)))
    expect($(host, 'shown-once').textContent).toMatch(/^Shown once\. The exchange will never show this secret again/)
    expect($(host, 'secret-key').textContent).toBe(secret)
    $<HTMLButtonElement>(host, 'hide-secret').click()
    expect(hidden).toBe(true)
    expect(host.textContent).not.toContain(secret)
  })
})

describe('key panel', () => {
  it('stays hidden until a key is shown, then reports account, permissions and expiry', () => {
    const calls: string[] = []
    const panel = keyPanel({ onRotate: () => calls.push('rotate'), onForget: () => calls.push('forget') })
    expect(panel.element.hidden).toBe(true)
    panel.show({
      apiKey: `1024_${'ab'.repeat(32)}`,
      accountId: 'acc_7',
      walletAddress: ADDRESS,
      permissions: { canRead: true, canTrade: true, canWithdraw: false },
      expiresAt: null,
      usageCount: 3,
    }, 'restored')
    expect(panel.element.hidden).toBe(false)
    expect($(panel.element, 'key-origin').textContent).toMatch(/Restored/)
    expect($(panel.element, 'key-account').textContent).toBe('acc_7')
    expect($(panel.element, 'perm-canTrade').className).toBe('pill on')
    expect($(panel.element, 'perm-canWithdraw').textContent).toBe('✗ withdraw')
    expect($(panel.element, 'key-expires').textContent).toBe('never')
    expect($(panel.element, 'key-usage').textContent).toBe('3')
    panel.counters({ usageCount: 4, lastUsedAt: null })
    expect($(panel.element, 'key-usage').textContent).toBe('4')
    $<HTMLButtonElement>(panel.element, 'rotate').click()
    $<HTMLButtonElement>(panel.element, 'forget').click()
    expect(calls).toEqual(['rotate', 'forget'])
  })
})

describe('market panel', () => {
  it('renders ticker, book, trades and chart at the market\'s precision; the picker selects', () => {
    const picked: string[] = []
    const panel = marketPanel((symbol) => picked.push(symbol))
    panel.markets(['BTC-USDC', 'ETH-USDC'], 'BTC-USDC')
    panel.show({
      ticker: { lastPrice: '65000.5', markPrice: '65001', change24h: '1.25', high24h: '66000', low24h: '64000', volume24h: '1234.5' },
      book: { bids: [['64999', '1'], ['64998', '2']], asks: [['65001', '0.5'], ['65002', '3']] },
      trades: [{ price: '65000', size: '0.1', side: 'sell', timestamp: Date.UTC(2026, 0, 1, 12) }],
      candles: [{ openTime: 0, close: '1' }, { openTime: 60_000, close: '2' }],
      interval: '1m',
    }, { price: 1, size: 3 })

    // Last is the newest trade shown (65000), not the ticker's 65000.5.
    expect($(panel.element, 'last-price').textContent).toBe('65,000.0')
    expect($(panel.element, 'mark-price').textContent).toBe('65,001.0')
    expect($(panel.element, 'change').textContent).toBe('+1.3 (+0.00%)')
    const prices = [...$(panel.element, 'order-book').querySelectorAll('tr.level td:first-child')].map((cell) => cell.textContent)
    expect(prices).toEqual(['65,002.0', '65,001.0', '64,999.0', '64,998.0'])
    expect($(panel.element, 'trades').querySelector('.ask')!.textContent).toBe('65,000.0')
    expect($(panel.element, 'chart').querySelector('svg')).not.toBeNull()

    const select = $<HTMLSelectElement>(panel.element, 'market-select')
    select.value = 'ETH-USDC'
    select.dispatchEvent(new Event('change'))
    expect(picked).toEqual(['ETH-USDC'])
  })

  const view = (lastPrice: string, change24h: string) => ({
    ticker: { lastPrice, change24h },
    book: { bids: [], asks: [] },
    trades: [],
    candles: [{ openTime: 0, close: '1' }, { openTime: 60_000, close: '2' }],
    interval: '1m',
  })
  const lastClass = (panel: ReturnType<typeof marketPanel>) => $(panel.element, 'last-price').parentElement!.className

  it('colours the last price by its last tick, not by the 24 h change, and keeps it while the price stands', () => {
    const panel = marketPanel(() => undefined)
    panel.markets(['BTC-USDC', 'ETH-USDC'], 'BTC-USDC')
    panel.show(view('65000', '1000'), { price: 1, size: 3 })
    expect(lastClass(panel)).toBe('stat big flat')
    // Up 1000 on the day, ticking down: red.
    panel.show(view('64990', '990'), { price: 1, size: 3 })
    expect(lastClass(panel)).toBe('stat big down')
    expect($(panel.element, 'change').parentElement!.className).toBe('stat up')
    panel.show(view('64990', '990'), { price: 1, size: 3 })
    expect(lastClass(panel)).toBe('stat big down')
    // Down on the day, ticking up: green.
    panel.show(view('64995', '-5'), { price: 1, size: 3 })
    expect(lastClass(panel)).toBe('stat big up')
    expect($(panel.element, 'change').parentElement!.className).toBe('stat down')
    // Another market starts without a tick.
    const select = $<HTMLSelectElement>(panel.element, 'market-select')
    select.value = 'ETH-USDC'
    select.dispatchEvent(new Event('change'))
    panel.show(view('3000', '-5'), { price: 1, size: 3 })
    expect(lastClass(panel)).toBe('stat big flat')
  })

  it('shows the 24 h change with its percentage of the price a day ago', () => {
    const panel = marketPanel(() => undefined)
    panel.show(view('66300', '1300'), { price: 1, size: 3 })
    expect($(panel.element, 'change').textContent).toBe('+1,300.0 (+2.00%)')
    panel.show(view('63700', '-1300'), { price: 1, size: 3 })
    expect($(panel.element, 'change').textContent).toBe('-1,300.0 (-2.00%)')
  })

  it('labels the chart with its candle width and what it draws: candlesticks from OHLC candles, else a line of closes', () => {
    const panel = marketPanel(() => undefined)
    panel.show({ ...view('65000', '0'), interval: '5m' }, { price: 1, size: 3 })
    expect($(panel.element, 'chart-interval').textContent).toBe('Price, 5-minute closes (line)')
    expect($(panel.element, 'chart').querySelector('svg')!.getAttribute('aria-label')).toMatch(/^Closing-price line \(5m closes\) from /)
    const ohlc = [{ openTime: 0, open: '1', high: '3', low: '1', close: '2' }, { openTime: 300_000, open: '2', high: '2', low: '0.5', close: '1' }]
    panel.show({ ...view('65000', '0'), candles: ohlc, interval: '5m' }, { price: 1, size: 3 })
    expect($(panel.element, 'chart-interval').textContent).toBe('Price, 5-minute candles (open, high, low, close)')
    expect($(panel.element, 'chart').querySelectorAll('[data-test="candle"]')).toHaveLength(2)
  })

  it('shows as Last the newest trade of the list, whatever order it comes in', () => {
    const panel = marketPanel(() => undefined)
    const trades = [{ price: '64990', size: '0.1', side: 'buy', timestamp: 1_000 }, { price: '65010', size: '0.1', side: 'sell', timestamp: 3_000 }, { price: '65000', size: '0.1', side: 'buy', timestamp: 2_000 }]
    panel.show({ ...view('64000', '0'), trades }, { price: 1, size: 3 })
    expect($(panel.element, 'last-price').textContent).toBe('65,010.0')
  })
})

describe('order panel', () => {
  const rules = { symbol: 'BTC-USDC', tickSize: '0.1', stepSize: '0.001', minOrderSize: '0.001' }

  it('suggests a resting price 5% away from the last, on the tick', () => {
    expect(restingPrice('buy', '65000', '0.1')).toBe('61750.0')
    expect(restingPrice('sell', '65000', '0.1')).toBe('68250.0')
  })

  it('prefills the form, submits what is in it, and keeps a price the user typed', () => {
    const placed: OrderDraft[] = []
    const panel = orderPanel((draft) => placed.push(draft), () => undefined)
    panel.market(rules, '65000')
    const price = $<HTMLInputElement>(panel.element, 'order-price')
    expect(price.value).toBe('61750.0')
    expect($<HTMLInputElement>(panel.element, 'order-size').value).toBe('0.001')

    price.value = '60000'
    price.dispatchEvent(new Event('input'))
    panel.market(rules, '66000')
    expect(price.value).toBe('60000')
    $<HTMLFormElement>(panel.element, 'order-form').dispatchEvent(new Event('submit', { cancelable: true }))
    expect(placed).toEqual([{ side: 'buy', price: '60000', size: '0.001' }])

    const side = $<HTMLSelectElement>(panel.element, 'order-side')
    side.value = 'sell'
    side.dispatchEvent(new Event('change'))
    expect(price.value).toBe('69300.0')
  })

  it('lists open orders with a cancel button each, and can be disabled', () => {
    const cancelled: string[] = []
    const panel = orderPanel(() => undefined, (id) => cancelled.push(id))
    panel.openOrders([{ orderId: 'o-1', side: 'buy', price: '61750', size: '0.001', filledSize: '0', status: 'open', createdAt: 0 }])
    $<HTMLButtonElement>(panel.element, 'cancel-order').click()
    expect(cancelled).toEqual(['o-1'])
    panel.openOrders([])
    expect($(panel.element, 'open-orders').textContent).toBe('No open orders')
    expect(panel.placing.element.getAttribute('aria-label')).toBe('Order form')
    expect(panel.cancelling.element.getAttribute('aria-label')).toBe('Open orders')
    panel.enabled(false)
    expect($<HTMLButtonElement>(panel.element, 'place-order').disabled).toBe(true)
  })

  it('price and size refuse letters, signs and a second dot, typed or pasted', () => {
    const placed: OrderDraft[] = []
    const panel = orderPanel((draft) => placed.push(draft), () => undefined)
    panel.market(rules, '65000')
    for (const [test, typed, kept] of [['order-price', '6e4', '64'], ['order-price', '61,750.5.0x', '61750.50'], ['order-size', '-0.0a1', '0.01']] as const) {
      const input = $<HTMLInputElement>(panel.element, test)
      input.value = typed
      input.dispatchEvent(new Event('input'))
      expect(input.value, `${test} typed ${typed}`).toBe(kept)
    }
    $<HTMLFormElement>(panel.element, 'order-form').dispatchEvent(new Event('submit', { cancelable: true }))
    expect(placed).toEqual([{ side: 'buy', price: '61750.50', size: '0.01' }])
  })
})

describe('the message once an order is placed', () => {
  const decimals = { price: 1, size: 3 }

  it('tells a fill at its average fill price, the limit only as the bound', () => {
    const filled = { orderId: 'o-3', side: 'buy', type: 'limit', price: '66300', size: '0.01', filledSize: '0.01', avgFillPrice: '65012.4', status: 'filled' }
    expect(placedOrderMessage(filled, 'BTC-USDC', decimals)).toBe('Order filled: buy 0.010 BTC-USDC at an average 65,012.4 (limit 66,300.0).')
    const partly = { ...filled, filledSize: '0.004', status: 'partially_filled' }
    expect(placedOrderMessage(partly, 'BTC-USDC', decimals)).toBe('Order partially_filled: buy 0.004 of 0.010 BTC-USDC at an average 65,012.4 (limit 66,300.0).')
  })

  it('tells a resting order by its limit', () => {
    const resting = { orderId: 'o-4', side: 'buy', type: 'limit', price: '61750', size: '0.001', filledSize: '0', avgFillPrice: null, status: 'open' }
    expect(placedOrderMessage(resting, 'BTC-USDC', decimals)).toBe('Order open: buy 0.001 BTC-USDC, limit 61,750.0.')
  })
})

describe('order history', () => {
  it('shows each past order with what filled and at what average price', () => {
    const panel = orderPanel(() => undefined, () => undefined)
    panel.market({ symbol: 'BTC-USDC', tickSize: '0.1', stepSize: '0.001', minOrderSize: '0.001' }, '65000')
    panel.history([
      { orderId: 'o-2', side: 'sell', type: 'market', price: null, size: '0.001', filledSize: '0.001', avgFillPrice: '64324.3', status: 'filled', createdAt: 0 },
      { orderId: 'o-1', side: 'buy', type: 'limit', price: '61000', size: '0.002', filledSize: '0', avgFillPrice: null, status: 'cancelled', createdAt: 0 },
    ])
    const rows = [...$(panel.element, 'order-history').querySelectorAll('[data-test="past-order"]')].map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent))
    expect(rows).toEqual([
      ['sell', 'market', '0.001/0.001', '64,324.3', 'filled'],
      ['buy', '61,000.0', '0.000/0.002', '—', 'cancelled'],
    ])
  })
})

describe('portfolio and prediction panels', () => {
  it('lists balances, and positions each with a close button', () => {
    const closed: string[] = []
    const panel = portfolioPanel((market) => closed.push(market))
    panel.balances([{ token: 'USDC', available: '9938.25', locked: '61.75', total: '10000' }])
    panel.positions([{ market: 'BTC-USDC', side: 'long', size: '0.001', entryPrice: '65000', markPrice: '65100', unrealizedPnl: '0.1' }], 1, 3)
    expect($(panel.element, 'balance-USDC').textContent).toBe('9,938.25')
    expect($(panel.element, 'positions').querySelector('.up')!.textContent).toBe('+0.10')
    expect($(panel.element, 'positions').querySelector('td:nth-child(4)')!.textContent).toBe('65,000.0')
    $<HTMLButtonElement>(panel.element, 'close-position').click()
    expect(closed).toEqual(['BTC-USDC'])
    panel.enabled(false)
    expect($<HTMLButtonElement>(panel.element, 'close-position').disabled).toBe(true)
    panel.positions([], 1, 3)
    expect($(panel.element, 'positions').textContent).toBe('No open positions')
  })

  it('totals the account in USDC counting the margin its positions hold and their PnL', () => {
    const balances = [{ token: 'USDC', available: '9300', locked: '50', total: '9350' }, { token: 'BTC', available: '1', locked: '0', total: '1' }]
    const positions = [{ market: 'BTC-USDC', side: 'long', size: '0.1', entryPrice: '65000', margin: '650', unrealizedPnl: '-12.5' }]
    expect(portfolioTotal(balances, positions)).toEqual({ balance: 9350, margin: 650, unrealizedPnl: -12.5, total: 9987.5 })
    const panel = portfolioPanel(() => undefined)
    panel.balances(balances)
    expect($(panel.element, 'total-value').textContent).toBe('9,350.00')
    panel.positions(positions, 1, 3)
    expect($(panel.element, 'total-value').textContent).toBe('9,987.50')
    expect($(panel.element, 'total-parts').textContent).toBe('balance 9,350.00 + position margin 650.00 + unrealized PnL −12.50')
  })

  it('shows the market\'s outcomes with prices and the shares held; mint and redeem pass the amount', () => {
    const calls: string[] = []
    const panel = predictionPanel((amount) => calls.push(`mint ${amount}`), (amount) => calls.push(`redeem ${amount}`))
    panel.market({ marketId: '1001', question: 'Will BTC close above $70,000?', outcomes: [{ outcomeIndex: 0, label: 'Yes', priceE6: 620_000 }, { outcomeIndex: 1, label: 'No', priceE6: 380_000 }] })
    panel.positions([{ outcomeIndex: 0, shares: 10 }, { outcomeIndex: 1, shares: 10 }])
    expect($(panel.element, 'prediction-question').textContent).toBe('Will BTC close above $70,000?')
    expect($(panel.element, 'shares-Yes').textContent).toBe('10')
    expect($(panel.element, 'prediction-positions').textContent).toContain('62%')
    const amount = $<HTMLInputElement>(panel.element, 'set-amount')
    amount.value = '4'
    $<HTMLButtonElement>(panel.element, 'mint').click()
    $<HTMLButtonElement>(panel.element, 'redeem').click()
    expect(calls).toEqual(['mint 4', 'redeem 4'])
    amount.value = '1e2'
    amount.dispatchEvent(new Event('input'))
    expect(amount.value).toBe('12')
  })
})
