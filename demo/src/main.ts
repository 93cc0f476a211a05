import { eip1193Signer, loginMessage, type Eip1193Provider, type WalletSigner } from 'exchange-client'
import { generateEvmWallet, generateSolanaWallet } from 'exchange-client/local-signer'
import { h } from './dom.ts'
import { describeError } from './errors.ts'
import { formatNumber } from './format.ts'
import { keyPanel, type KeyOrigin } from './key-panel.ts'
import { marketPanel } from './market-panel.ts'
import { notices } from './notices.ts'
import { orderPanel, type OrderDraft } from './order-panel.ts'
import { portfolioPanel } from './portfolio-panel.ts'
import { predictionPanel } from './prediction-panel.ts'
import { secretNotice } from './secret-notice.ts'
import { createSession, forgetSession, openClient, restoreSession, rotateSession, type Session } from './session.ts'
import type { WalletChoice } from './wallet-panel.ts'
import { walletPanel } from './wallet-panel.ts'

const baseUrl = location.origin
const ethereum = (window as { ethereum?: Eip1193Provider }).ethereum
const open = openClient(baseUrl)

let session: Session | undefined
let signer: WalletSigner | undefined
let symbol = ''
let marketId: string | undefined

const status = notices()
const fail = (error: unknown) => status.error(describeError(error))
const wallet = walletPanel({ injectedWallet: ethereum !== undefined, onConnect: (choice) => void connect(choice), onSign: () => void sign() })
const secretSlot = h('div')
const key = keyPanel({ onRotate: () => void rotate(), onForget: () => void forget() })
const market = marketPanel((next) => {
  symbol = next
  void refreshMarket()
  void refreshAccount()
})
const orders = orderPanel((draft) => void place(draft), (orderId) => void cancel(orderId))
const portfolio = portfolioPanel()
const prediction = predictionPanel((amount) => void completeSet('mint', amount), (amount) => void completeSet('redeem', amount))

document.querySelector('#app')!.replaceChildren(
  status.element,
  h('main', { class: 'grid' },
    h('div', { class: 'column' }, wallet.element, secretSlot, key.element),
    h('div', { class: 'column wide' }, market.element, orders.element, portfolio.element, prediction.element)),
)

/** Runs a user action with its buttons disabled; errors go to the notices in plain words. */
async function act(busy: (on: boolean) => void, work: () => Promise<void>): Promise<void> {
  busy(true)
  try {
    await work()
  } catch (error) {
    fail(error)
  } finally {
    busy(false)
  }
}

function signedIn(next: Session, origin: KeyOrigin): void {
  session = next
  key.show({ ...next.info, apiKey: next.stored.apiKey }, origin)
  orders.enabled(true)
  prediction.enabled(true)
  document.body.dataset.session = 'active'
  void refreshAccount()
}

function showSecret(issued: { apiKey: string; secretKey: string }, title: string): void {
  secretSlot.replaceChildren(secretNotice(issued, title, () => undefined))
}

async function connect(choice: WalletChoice): Promise<void> {
  await act(wallet.busy, async () => {
    if (choice === 'injected') signer = await eip1193Signer(ethereum!)
    else signer = (choice === 'test-solana' ? generateSolanaWallet() : generateEvmWallet()).signer
    const label = choice === 'injected' ? 'Browser wallet' : `Test wallet · ${signer.walletType.toUpperCase()}`
    wallet.connected(signer.address, label)
    await open.syncClock()
    wallet.message(loginMessage(open.serviceName, open.clock.now()), 'preview')
  })
}

async function sign(): Promise<void> {
  const chosen = signer
  if (!chosen) return
  await act(wallet.busy, async () => {
    // Shows the exact text the wallet is asked to sign, as it is asked.
    const showing: WalletSigner = {
      address: chosen.address,
      walletType: chosen.walletType,
      signMessage: async (message) => {
        wallet.message(message, 'signing')
        const signature = await chosen.signMessage(message)
        wallet.message(message, 'signed')
        return signature
      },
    }
    const { session: next, key: issued } = await createSession(open, showing)
    wallet.finished()
    showSecret(issued, issued.isNewUser ? 'Your new API key' : 'A new API key for your account')
    status.success(`API key created for account ${issued.accountId}${issued.isNewUser ? ' (new account, starting balance credited)' : ''}.`)
    signedIn(next, 'new')
  })
}

async function rotate(): Promise<void> {
  if (!session) return
  await act(key.busy, async () => {
    const { session: next, rotated } = await rotateSession(session!)
    showSecret(rotated, 'Your rotated secret')
    status.success('Secret rotated: the old one no longer works.')
    signedIn(next, 'rotated')
  })
}

async function forget(): Promise<void> {
  await act(key.busy, async () => {
    await forgetSession()
    location.reload()
  })
}

async function place(draft: OrderDraft): Promise<void> {
  if (!session) return
  await act((on) => orders.enabled(!on), async () => {
    const order = await session!.client.perp.placeOrder({ market: symbol, side: draft.side, type: 'limit', size: draft.size, price: draft.price })
    status.success(`Order placed: ${order.side} ${formatNumber(order.size, 6)} ${symbol} at ${formatNumber(order.price, 6)} (${order.status}).`)
    await refreshAccount()
  })
}

async function cancel(orderId: string): Promise<void> {
  if (!session) return
  await act((on) => orders.enabled(!on), async () => {
    await session!.client.perp.cancelOrder({ id: orderId })
    status.success('Order cancelled.')
    await refreshAccount()
  })
}

async function completeSet(action: 'mint' | 'redeem', amount: number): Promise<void> {
  if (!session || !marketId) return
  await act((on) => prediction.enabled(!on), async () => {
    const input = { marketId: marketId!, amount }
    const { client } = session!
    if (action === 'mint') {
      const minted = await client.prediction.mintCompleteSet(input)
      status.success(`Minted ${minted.amount} complete sets for ${formatNumber(minted.costE6 / 1e6, 2)} USDC.`)
    } else {
      const redeemed = await client.prediction.redeemCompleteSet(input)
      status.success(`Redeemed ${redeemed.amount} complete sets for ${formatNumber(redeemed.payoutE6 / 1e6, 2)} USDC.`)
    }
    await refreshAccount()
  })
}

let lastPollError = ''
/** Polling repeats: report a failure once, not every few seconds. */
function pollFailed(error: unknown): void {
  const view = describeError(error)
  if (view.code !== lastPollError) status.error(view)
  lastPollError = view.code
}

let marketBusy = false
async function refreshMarket(): Promise<void> {
  if (marketBusy || !symbol) return
  marketBusy = true
  try {
    const [ticker, book, trades, candles, rules] = await Promise.all([
      open.perp.getTicker({ market: symbol }),
      open.perp.getOrderbook({ market: symbol, depth: 10 }),
      open.perp.listTrades({ market: symbol, limit: 12 }),
      open.perp.listKlines({ market: symbol, interval: '1m', limit: 60 }),
      open.perp.getMarket({ market: symbol }),
    ])
    market.ticker(ticker)
    market.book(book)
    market.trades(trades)
    market.candles([...candles].sort((a, b) => a.openTime - b.openTime))
    orders.market(rules, ticker.lastPrice)
    lastPollError = ''
  } catch (error) {
    pollFailed(error)
  } finally {
    marketBusy = false
  }
}

let accountBusy = false
async function refreshAccount(): Promise<void> {
  const client = session?.client
  if (accountBusy || !client || !symbol) return
  accountBusy = true
  try {
    const [openOrders, positions, balances, predictionPositions] = await Promise.all([
      client.perp.listOpenOrders({ market: symbol }),
      client.perp.listPositions(),
      client.spot.listBalances(),
      marketId ? client.prediction.listMyPositions({ marketId }).then((page) => page.items) : Promise.resolve([]),
    ])
    orders.openOrders(openOrders.items)
    portfolio.positions(positions)
    portfolio.balances(balances)
    prediction.positions(predictionPositions)
  } catch (error) {
    pollFailed(error)
  } finally {
    accountBusy = false
  }
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
    fail(error)
  }
  await refreshMarket()
  try {
    const restored = await restoreSession(baseUrl)
    if (restored) {
      wallet.element.hidden = true
      signedIn(restored, 'restored')
    }
  } catch (error) {
    fail(error)
  }
  setInterval(() => document.hidden || void refreshMarket(), 3000)
  setInterval(() => document.hidden || void refreshAccount(), 5000)
}

void start()
