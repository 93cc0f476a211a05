import { isExchangeError, type WalletSigner } from 'exchange-client'
import { h } from './dom.ts'
import { describeError } from './errors.ts'
import { decimalsOf, formatFixed } from './format.ts'
import { keyPanel, type KeyOrigin } from './key-panel.ts'
import { live } from './live.ts'
import { marketPanel, type Precision } from './market-panel.ts'
import type { Notice } from './notice.ts'
import { orderPanel, placedOrderMessage, type MarketRules, type OrderDraft } from './order-panel.ts'
import { portfolioPanel } from './portfolio-panel.ts'
import { predictionPanel } from './prediction-panel.ts'
import { secretNotice } from './secret-notice.ts'
import { demoMode, modeSwitch, PROXY_GUIDANCE, PROXY_PATH } from './mode.ts'
import { createSession, forgetSession, issuedSecret, openClient, proxySession, restoreSession, rotateSession, type Session } from './session.ts'
import { chooseWallet, WalletMissing } from './wallets.ts'
import { walletPanel, type WalletChoice } from './wallet-panel.ts'

const baseUrl = location.origin
const open = openClient(baseUrl)
const mode = demoMode()

let session: Session | undefined
let symbol = ''
let rules: MarketRules | undefined
let precision: Precision = { price: 2, size: 3 }
let marketId: string | undefined

const wallet = walletPanel({ onConnect: (choice) => void connect(choice) })
const secretSlot = h('div')
const key = keyPanel({ onRotate: () => void rotate(), onForget: () => void forget() })
const market = marketPanel((next) => {
  symbol = next
  void selectMarket()
})
const orders = orderPanel((draft) => void place(draft), (orderId) => void cancel(orderId))
const portfolio = portfolioPanel((position) => void close(position))
const prediction = predictionPanel((amount) => void completeSet('mint', amount), (amount) => void completeSet('redeem', amount))

document.querySelector('#app')!.replaceChildren(
  h('div', { class: 'grid' },
    h('div', { class: 'column onboarding' }, wallet.element, secretSlot, key.element),
    h('div', { class: 'column market' }, market.element),
    h('div', { class: 'column trading' }, orders.element, portfolio.element, prediction.element)),
)

/** Runs a user action with its controls disabled; its outcome goes to the notice beside them. */
async function act(notice: Notice, busy: (on: boolean) => void, work: () => Promise<string>, retry?: () => void): Promise<void> {
  busy(true)
  notice.pending('Working…')
  try {
    notice.success(await work())
  } catch (error) {
    notice.error(describeError(error), retry && { label: 'Try again', onClick: retry })
  } finally {
    busy(false)
  }
}

// --- live data, all through the SDK's watch -------------------------------------------------------

/** A polling view's failures go to its notice; its next fresh answer clears them. */
function watched<T>(notice: Notice, intervalMs: number, read: (call: { signal?: AbortSignal }) => Promise<T>, show: (value: T) => void) {
  let failing = false
  return live({
    intervalMs,
    read,
    show(value) {
      if (failing) notice.clear()
      failing = false
      show(value)
    },
    failed(error, ended) {
      failing = true
      const view = describeError(error)
      notice.error(ended ? view : { ...view, summary: `${view.summary} Trying again…` })
    },
  })
}

/** The chart's candle width. */
const CHART_INTERVAL = '1m'

const marketData = watched(market.notice, 2000, (call) => Promise.all([
  open.perp.getTicker({ market: symbol }, call),
  open.perp.getOrderbook({ market: symbol, depth: 10 }, call),
  open.perp.listTrades({ market: symbol, limit: 12 }, call),
  open.perp.listKlines({ market: symbol, interval: CHART_INTERVAL, limit: 60 }, call),
]), ([ticker, book, trades, candles]) => {
  market.show({ ticker, book, trades, candles: [...candles].sort((a, b) => a.openTime - b.openTime), interval: CHART_INTERVAL }, precision)
  if (rules) orders.market(rules, ticker.lastPrice)
})

const account = watched(portfolio.notice, 2000, (call) => {
  const client = session!.client
  return Promise.all([
    client.perp.listOpenOrders({ market: symbol }, call),
    client.perp.listOrderHistory({ market: symbol, limit: 10 }, call),
    client.perp.listPositions(call),
    client.spot.listBalances(call),
    marketId ? client.prediction.listMyPositions({ marketId }, call).then((page) => page.items) : Promise.resolve([]),
  ])
}, ([openOrders, history, positions, balances, predictionPositions]) => {
  orders.openOrders(openOrders.items)
  orders.history(history.items)
  portfolio.positions(positions, precision.price, precision.size)
  portfolio.balances(balances)
  prediction.positions(predictionPositions)
})

const keyCounters = watched(key.notice, 5000, (call) => session!.client.getKeyInfo(call), (info) => key.counters(info))

async function selectMarket(): Promise<void> {
  try {
    rules = await open.perp.getMarket({ market: symbol })
    precision = { price: decimalsOf(rules.tickSize), size: decimalsOf(rules.stepSize) }
  } catch (error) {
    market.notice.error(describeError(error))
  }
  marketData.restart()
  if (session) account.restart()
}

// --- onboarding -----------------------------------------------------------------------------------

function signedIn(next: Session, origin: KeyOrigin): void {
  session = next
  key.show({ ...next.info, apiKey: next.stored?.apiKey ?? 'on the server' }, origin)
  orders.enabled(true)
  prediction.enabled(true)
  document.body.dataset.session = 'active'
  account.restart()
  keyCounters.restart()
}

function showSecret(issued: Parameters<typeof issuedSecret>[0], title: string): void {
  secretSlot.replaceChildren(secretNotice({ apiKey: issued.apiKey, secretKey: issuedSecret(issued) }, title, () => undefined))
}

/** Shows the message the SDK asks to sign, waits for the user to accept it, then asks the wallet. */
function reviewed(chosen: WalletSigner): WalletSigner {
  return {
    address: chosen.address,
    walletType: chosen.walletType,
    signMessage: async (message) => {
      wallet.notice.pending('Read the message, then sign it.')
      await wallet.review(message)
      wallet.message(message, 'signing')
      wallet.notice.pending('Waiting for your wallet…')
      const signature = await chosen.signMessage(message)
      wallet.message(message, 'signed')
      wallet.notice.pending('Signed. Creating your API key…')
      return signature
    },
  }
}

async function connect(choice: WalletChoice): Promise<void> {
  const again = { label: 'Try again', onClick: () => void connect(choice) }
  wallet.busy(true)
  try {
    wallet.notice.pending('Connecting…')
    const chosen = await chooseWallet(choice)
    wallet.connected(chosen.signer.address, chosen.label)
    const { session: next, key: issued } = await createSession(open, reviewed(chosen.signer))
    wallet.finished()
    showSecret(issued, issued.isNewUser ? 'Your new API key' : 'A new API key for your account')
    wallet.notice.success(`API key created for account ${issued.accountId}${issued.isNewUser ? ' (new account, starting balance credited)' : ''}.`)
    signedIn(next, 'new')
  } catch (error) {
    wallet.reset()
    if (error instanceof WalletMissing) wallet.notice.error(error.view, error.link)
    else wallet.notice.error(describeError(error), isExchangeError(error, 'auth') ? undefined : again)
  } finally {
    wallet.busy(false)
  }
}

async function rotate(): Promise<void> {
  if (!session) return
  await act(key.notice, key.busy, async () => {
    const { session: next, rotated } = await rotateSession(session!)
    showSecret(rotated, 'Your rotated secret')
    signedIn(next, 'rotated')
    return 'Secret rotated: the old one no longer works.'
  })
}

async function forget(): Promise<void> {
  await act(key.notice, key.busy, async () => {
    await forgetSession()
    location.reload()
    return 'Key forgotten.'
  })
}

// --- trading --------------------------------------------------------------------------------------

async function place(draft: OrderDraft): Promise<void> {
  if (!session) return
  await act(orders.placing, (on) => orders.enabled(!on), async () => {
    const order = await session!.client.perp.placeOrder({ market: symbol, side: draft.side, type: 'limit', size: draft.size, price: draft.price })
    account.restart() // fresh numbers now, not at the next tick
    return placedOrderMessage(order, symbol, precision)
  })
}

async function cancel(orderId: string): Promise<void> {
  if (!session) return
  await act(orders.cancelling, (on) => orders.enabled(!on), async () => {
    await session!.client.perp.cancelOrder({ orderId })
    account.restart() // fresh numbers now, not at the next tick
    return 'Order cancelled.'
  })
}

async function close(positionMarket: string): Promise<void> {
  if (!session) return
  await act(portfolio.notice, (on) => portfolio.enabled(!on), async () => {
    const { order } = await session!.client.perp.closePosition({ market: positionMarket, type: 'market' })
    account.restart() // fresh numbers now, not at the next tick
    return `Position closed: ${order.side} ${formatFixed(order.filledSize, precision.size)} ${positionMarket} at an average ${formatFixed(order.avgFillPrice, precision.price)}.`
  })
}

async function completeSet(action: 'mint' | 'redeem', amount: number): Promise<void> {
  if (!session || !marketId) return
  await act(prediction.notice, (on) => prediction.enabled(!on), async () => {
    const input = { marketId: marketId!, amount }
    const { client } = session!
    if (action === 'mint') {
      const minted = await client.prediction.mintCompleteSet(input)
      account.restart()
      return `Minted ${minted.amount} complete sets for ${formatFixed(minted.costE6 / 1e6, 2)} USDC.`
    }
    const redeemed = await client.prediction.redeemCompleteSet(input)
    account.restart()
    return `Redeemed ${redeemed.amount} complete sets for ${formatFixed(redeemed.payoutE6 / 1e6, 2)} USDC.`
  })
}

async function start(): Promise<void> {
  orders.enabled(false)
  prediction.enabled(false)
  try {
    const [markets, predictions] = await Promise.all([
      open.perp.listMarkets(),
      open.prediction.listMarkets({ status: 'active', marketType: 'binary', pageSize: 1 }),
    ])
    symbol = markets[0]?.symbol ?? ''
    market.markets(markets.map((m) => m.symbol), symbol)
    const binary = predictions.items[0]
    marketId = binary?.marketId
    prediction.market(binary)
    prediction.positions([])
  } catch (error) {
    market.notice.error(describeError(error))
  }
  await selectMarket()
  if (mode === 'proxy') return startThroughProxy()
  try {
    const restored = await restoreSession(baseUrl)
    if (restored) {
      wallet.element.hidden = true
      signedIn(restored, 'restored')
    }
  } catch (error) {
    wallet.notice.error(describeError(error))
  }
}

/** `?mode=proxy`: no wallet, no key in the page; the demo server's signing proxy signs. */
async function startThroughProxy(): Promise<void> {
  wallet.element.hidden = true
  try {
    signedIn(await proxySession(baseUrl + PROXY_PATH), 'proxy')
  } catch (error) {
    key.element.hidden = false
    key.notice.error(describeError(error))
  }
}

document.body.dataset.mode = mode
document.querySelector('.topbar')!.append(modeSwitch(mode))
if (mode === 'proxy') document.querySelector('.guidance p')!.textContent = PROXY_GUIDANCE

void start()
