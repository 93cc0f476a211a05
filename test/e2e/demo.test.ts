// The demo in a real headless Chromium (Debian's), served by the same server `npm run demo` starts,
// used as a person uses it: wallets injected as extensions are, clicks and keys, at a laptop's and a
// phone's size. Screenshots land in test-output/.
import { createRequire } from 'node:module'
import type { Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { demoInChromium, OUTPUT } from './demo-in-chromium.ts'
import { injectWallets } from './fake-wallets.ts'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const

const running = demoInChromium()

const at = (test: string) => `[data-test="${test}"]`
/** The message region of one action, by its label (see demo/src/notice.ts). */
const noticeOf = (label: string) => `${at('notice')}[aria-label="${label}"]`

async function textOf(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector).first()
  await locator.waitFor({ state: 'visible' })
  return (await locator.textContent()) ?? ''
}

/** Waits for the action's notice to say something other than "Working…", and checks the reader can see it. */
async function outcome(page: Page, label: string, expected: RegExp): Promise<string> {
  const region = page.locator(noticeOf(label))
  await page.waitForFunction(([selector, pattern]) => new RegExp(pattern!).test(document.querySelector(selector!)?.textContent ?? ''), [noticeOf(label), expected.source] as const)
  const text = (await region.textContent()) ?? ''
  const inView = await region.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth
  })
  expect(inView, `the "${label}" message "${text}" is in the viewport`).toBe(true)
  return text
}

async function newPage(size: keyof typeof SIZES): Promise<{ page: Page; errors: string[] }> {
  const page = await running.browser().newPage({ viewport: SIZES[size] })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

/** Connects with a wallet button, reads the message shown, signs it; returns the message shown. */
async function onboard(page: Page, connect: string): Promise<string> {
  await page.locator(at(connect)).click()
  const shown = await textOf(page, at('login-message'))
  await page.locator(at('sign')).click()
  await outcome(page, 'Wallet', /API key created/)
  return shown
}

/** Places the suggested resting order, sees it open, cancels it, sees it gone. */
async function placeAndCancel(page: Page): Promise<void> {
  // Choosing the side again brings back the suggested resting price after one typed by hand.
  await page.locator(at('order-side')).selectOption('sell')
  await page.locator(at('order-side')).selectOption('buy')
  await page.waitForFunction((selector) => (document.querySelector<HTMLInputElement>(selector)?.value ?? '') !== '', at('order-price'))
  await page.locator(at('place-order')).click()
  expect(await outcome(page, 'Order form', /Order open/)).toMatch(/^Order open: buy /)
  await page.locator(at('cancel-order')).first().waitFor({ state: 'visible' })
  expect(await page.locator(`${at('open-orders')} ${at('open-order')}`).count()).toBe(1)
  await page.locator(at('cancel-order')).first().click()
  expect(await outcome(page, 'Open orders', /cancelled/)).toBe('Order cancelled.')
  await page.locator(at('cancel-order')).waitFor({ state: 'detached' })
}

/** A buy priced 2% over the last price fills against the book's asks at once. */
async function buyNow(page: Page): Promise<void> {
  const last = Number((await textOf(page, at('last-price'))).replaceAll(',', ''))
  await page.locator(at('order-price')).fill((last * 1.02).toFixed(1))
  await page.locator(at('place-order')).click()
  // The message tells the price the trader got, the average fill, and the limit only as the bound.
  expect(await outcome(page, 'Order form', /Order filled/)).toMatch(/^Order filled: buy [\d.]+ BTC-USDC at an average [\d,.]+ \(limit [\d,.]+\)\.$/)
}

/** What the page's storage holds, read from inside the page. */
function storageSnapshot(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('exchange-client')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const record = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const request = db.transaction('credentials').objectStore('credentials').get('demo')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    db.close()
    const key = record.secretKey as CryptoKey
    const exported = await crypto.subtle.exportKey('raw', key).then(() => 'exported', () => 'refused')
    const texts = Object.values(record).filter((value) => typeof value === 'string')
    return { texts, isCryptoKey: key instanceof CryptoKey, extractable: key.extractable, exported, localStorage: JSON.stringify({ ...localStorage }) }
  })
}

/** axe-core's serious and critical findings on the page as it is now. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const { violations } = await axe.run()
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  })
}

describe('the demo page in Chromium', () => {
  it('onboards with a test wallet, trades, keeps its key across a reload, rotates it', async () => {
    const { page, errors } = await newPage('desktop')
    await page.goto(running.demo().url)

    // Connect a test wallet: the page shows the login message, then the key.
    await page.locator(at('connect-test')).click()
    expect(await textOf(page, at('login-message'))).toMatch(/^1024 Exchange - login - \d{13}$/)
    await page.locator(at('sign')).click()

    // The key and its secret, shown once; the exact signed message stays on the page.
    const apiKey = await textOf(page, at('api-key'))
    const secret = await textOf(page, at('secret-key'))
    expect(apiKey).toMatch(/^[A-Za-z0-9]{4}_[0-9a-f]{64}$/)
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(await textOf(page, at('shown-once'))).toMatch(/^Shown once\./)
    expect(await page.locator(at('login-message')).textContent()).toMatch(/^1024 Exchange - login - \d{13}$/)

    // Introspected: bound account, read + trade, never withdraw.
    const accountId = await textOf(page, at('key-account'))
    expect(accountId).not.toBe('')
    expect(await page.locator(at('perm-canTrade')).getAttribute('class')).toBe('pill on')
    expect(await page.locator(at('perm-canWithdraw')).getAttribute('class')).toBe('pill off')

    // Stored as a non-extractable CryptoKey; no secret text in IndexedDB or localStorage.
    const stored = await storageSnapshot(page)
    expect(stored).toMatchObject({ isCryptoKey: true, extractable: false, exported: 'refused' })
    expect(stored.texts).toContain(apiKey)
    expect(stored.texts.join(' ')).not.toContain(secret)
    expect(stored.localStorage).not.toContain(secret)

    // Live market data: the book with totals and a spread line, the chart with its axes.
    expect(await textOf(page, at('last-price'))).toMatch(/\d/)
    await page.locator(`${at('order-book')} tbody tr.level`).first().waitFor()
    expect(await textOf(page, at('spread'))).toMatch(/^Spread [\d,.]+ \([\d.]+%\)$/)
    expect(await page.locator(`${at('order-book')} thead th`).allTextContents()).toEqual(['Price', 'Size', 'Total'])
    await page.locator(`${at('chart')} svg ${at('candle')}`).first().waitFor()
    expect(await textOf(page, at('chart-interval'))).toBe('Price, 1-minute candles (open, high, low, close)')
    expect(await textOf(page, at('change'))).toMatch(/^[+-]?[\d,.]+ \([+-]?[\d.]+%\)$/)
    expect(await page.locator(at('last-price')).evaluate((element) => element.parentElement!.className)).toMatch(/^stat big (up|down|flat)$/)
    expect(await page.locator(`${at('chart')} .chart-prices span`).count()).toBe(3)
    expect(await page.locator(`${at('chart')} .chart-times span`).first().textContent()).toMatch(/^\d\d:\d\d$/)

    // Typed letters never reach the price field.
    await page.locator(at('order-size')).click()
    await page.keyboard.press('End')
    await page.keyboard.type('x5e')
    expect(await page.locator(at('order-size')).inputValue()).toMatch(/^[\d.]+5$/)
    await page.locator(at('order-size')).fill('0.001')

    // A perp order, placed and cancelled; balances shown.
    await placeAndCancel(page)
    expect(await textOf(page, at('balance-USDC'))).toMatch(/\d/)

    // A prediction complete set, minted and redeemed.
    await page.locator(at('mint')).click()
    await outcome(page, 'Prediction market', /^Minted 10 complete sets/)
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '10', at('shares-Yes'))
    await page.locator(at('redeem')).click()
    await outcome(page, 'Prediction market', /^Redeemed 10 complete sets/)
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '0', at('shares-Yes'))

    // Hiding the secret takes it off the page for good.
    await page.locator(at('hide-secret')).click()
    expect(await page.content()).not.toContain(secret)

    // A reload finds the stored credential, and it still trades.
    await page.reload()
    expect(await textOf(page, at('key-origin'))).toMatch(/Restored/)
    expect(await textOf(page, at('key-account'))).toBe(accountId)
    expect(await page.locator(at('wallet-panel')).isHidden()).toBe(true)
    await placeAndCancel(page)

    // Rotation: a new secret shown once, stored, and working after another reload.
    await page.locator(at('rotate')).click()
    const rotated = await textOf(page, at('secret-key'))
    expect(rotated).toMatch(/^[0-9a-f]{64}$/)
    expect(rotated).not.toBe(secret)
    expect(await textOf(page, at('key-origin'))).toMatch(/rotated/)
    await outcome(page, 'API key', /^Secret rotated/)
    await page.reload()
    expect(await textOf(page, at('key-origin'))).toMatch(/Restored/)
    expect(await textOf(page, at('key-account'))).toBe(accountId)

    expect(await page.locator(at('error')).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  for (const size of ['desktop', 'phone'] as const) {
    it(`${size} (${SIZES[size].width}×${SIZES[size].height}): a refused wallet, then the exact message signed; a fill, its history, the position closed; messages in view; axe finds nothing serious`, async () => {
      const { page, errors } = await newPage(size)
      const wallets = await injectWallets(page)
      await page.goto(running.demo().url)
      await textOf(page, at('last-price'))

      // The user declines in the wallet: the page says so, and offers to try again.
      wallets.refuse(true)
      await page.locator(at('connect-injected')).click()
      await page.locator(at('sign')).click()
      expect(await outcome(page, 'Wallet', /declined/)).toMatch(/You declined the request in your wallet\. Nothing was sent\. signing-cancelled/)
      expect(await page.locator(`${noticeOf('Wallet')} ${at('try-again')}`).isVisible()).toBe(true)

      // Trying again: the message on the screen is, byte for byte, the one the wallet signs.
      wallets.refuse(false)
      await page.locator(`${noticeOf('Wallet')} ${at('try-again')}`).click()
      const shown = await textOf(page, at('login-message'))
      await page.locator(at('sign')).click()
      await outcome(page, 'Wallet', /API key created/)
      expect(wallets.signed.at(-1)).toBe(shown)
      expect(wallets.signed).toHaveLength(2)
      expect(await page.locator(at('wallet-address')).textContent()).toContain(wallets.evmAddress.slice(0, 6))

      // A buy that fills: its history row has the average fill price; the position and balance follow.
      await page.locator(`${at('balances')} tbody tr`).first().waitFor()
      const before = await textOf(page, at('balance-USDC'))
      await buyNow(page)
      await page.locator(at('close-position')).first().waitFor({ state: 'visible' })
      await page.waitForFunction(([selector, old]) => document.querySelector(selector!)?.textContent !== old, [at('balance-USDC'), before] as const)
      // The total counts the margin the open position holds.
      await page.waitForFunction((selector) => /position margin [1-9]/.test(document.querySelector(selector)?.textContent ?? ''), at('total-parts'))
      const filled = page.locator(`${at('order-history')} ${at('past-order')}`).first()
      expect(await filled.locator(at('order-status')).textContent()).toBe('filled')
      expect(await filled.locator(at('avg-fill')).textContent()).toMatch(/^[\d,]+\.\d$/)

      // Close it at market: the message says at what price; the history shows the closing fill.
      await page.locator(at('close-position')).first().click()
      expect(await outcome(page, 'Portfolio', /Position closed/)).toMatch(/^Position closed: sell [\d.]+ BTC-USDC at an average [\d,.]+\.$/)
      await page.locator(at('close-position')).waitFor({ state: 'detached' })
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 2, `${at('order-history')} ${at('past-order')}`)

      // A resting order, cancelled; the "Requests signed" counter keeps up.
      await placeAndCancel(page)
      const usage = Number(await textOf(page, at('key-usage')))
      await page.waitForFunction(([selector, seen]) => Number(document.querySelector(selector!)?.textContent) > Number(seen), [at('key-usage'), String(usage)] as const)

      // Any screen: no horizontal scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
      // The picture: the whole top of a wide page; on a phone, the trading card the user is at.
      if (size === 'phone') await page.locator(at('order-panel')).evaluate((element) => element.scrollIntoView({ block: 'start' }))
      else await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `${OUTPUT}/demo-${SIZES[size].width}x${SIZES[size].height}.png` })
      await page.screenshot({ path: `${OUTPUT}/demo-${SIZES[size].width}x${SIZES[size].height}-full.png`, fullPage: true })

      expect(await accessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    }, 120_000)
  }

  it('a Solana wallet (Phantom-like, signMessage) onboards, and signs the message shown', async () => {
    const { page, errors } = await newPage('desktop')
    const wallets = await injectWallets(page)
    await page.goto(running.demo().url)
    const shown = await onboard(page, 'connect-solana')
    expect(wallets.signed).toEqual([shown])
    expect(await page.locator(at('wallet-address')).textContent()).toMatch(/Solana wallet/)
    expect(await textOf(page, at('key-account'))).not.toBe('')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('without a wallet installed, says so and links to one; a test wallet still works', async () => {
    const { page } = await newPage('phone')
    await page.goto(running.demo().url)
    await page.locator(at('connect-injected')).click()
    expect(await outcome(page, 'Wallet', /No EVM wallet/)).toMatch(/No EVM wallet is installed in this browser\. wallet-missing/)
    expect(await page.locator(`${noticeOf('Wallet')} a`).getAttribute('href')).toMatch(/^https:\/\//)
    await page.locator(at('connect-solana')).click()
    expect(await outcome(page, 'Wallet', /No Solana wallet/)).toMatch(/No Solana wallet is installed/)
    await onboard(page, 'connect-test-solana')
    await page.close()
  }, 60_000)

  it('keyboard alone: onboard and place an order', async () => {
    const { page } = await newPage('desktop')
    const wallets = await injectWallets(page)
    await page.goto(running.demo().url)
    await textOf(page, at('last-price'))
    /** Tabs until the element with this data-test has focus (a bounded number of times). */
    const tabTo = async (test: string) => {
      for (let presses = 0; presses < 60; presses++) {
        if (await page.evaluate((name) => document.activeElement?.getAttribute('data-test') === name, test)) return
        await page.keyboard.press('Tab')
      }
      throw new Error(`Tab never reached ${test}`)
    }
    await tabTo('connect-injected')
    await page.keyboard.press('Enter')
    await page.locator(at('sign')).waitFor({ state: 'visible' })
    await tabTo('sign')
    await page.keyboard.press('Enter')
    await outcome(page, 'Wallet', /API key created/)
    expect(wallets.signed).toHaveLength(1)
    await page.waitForFunction((selector) => !document.querySelector<HTMLButtonElement>(selector)?.disabled, at('place-order'))
    await tabTo('order-size')
    await page.keyboard.press('Enter')
    expect(await outcome(page, 'Order form', /Order open/)).toMatch(/^Order open: buy/)
    await page.close()
  }, 60_000)
})

describe('the demo page with no secret in it (?mode=proxy): the demo server signs through signingProxy', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: no wallet, the server's key shown, a fill and its close, a resting order placed and cancelled; the secret in no answer and nowhere in the page`, async () => {
      const { page, errors } = await newPage(size)
      const fromPage: { url: string; headers: Record<string, string> }[] = []
      const answers: string[] = []
      page.on('request', (request) => fromPage.push({ url: request.url(), headers: request.headers() }))
      page.on('response', (response) => void response.text().then((text) => answers.push(text), () => undefined))
      await page.goto(`${running.demo().url}?mode=proxy`)
      await textOf(page, at('last-price'))

      expect(await textOf(page, at('key-origin'))).toMatch(/this page holds no secret/)
      expect(await page.locator(at('connect-injected')).isVisible()).toBe(false)
      expect(await page.locator(at('rotate')).isVisible()).toBe(false)
      expect(await page.locator(at('mode-switch')).getAttribute('href')).toBe('?')

      await page.locator(`${at('balances')} tbody tr`).first().waitFor()
      await buyNow(page)
      await page.locator(at('close-position')).first().click()
      expect(await outcome(page, 'Portfolio', /Position closed/)).toMatch(/^Position closed: sell [\d.]+ BTC-USDC at an average [\d,.]+\.$/)
      await page.locator(at('close-position')).waitFor({ state: 'detached' })
      await placeAndCancel(page)

      // Every call that needed a key went to the proxy, carrying no key, timestamp or signature of the page's own.
      const keyed = ['/api/v1/account/', '/api/v1/perp/orders', '/api/v1/perp/positions']
      const toProxy = fromPage.filter((request) => keyed.some((path) => new URL(request.url).pathname.includes(path)))
      expect(toProxy.length).toBeGreaterThan(5)
      expect(new Set(toProxy.map((request) => new URL(request.url).pathname.split('/api/')[0]))).toEqual(new Set(['/proxy']))
      expect(fromPage.filter((request) => ['x-api-key', 'x-timestamp', 'x-signature'].some((name) => request.headers[name] !== undefined))).toEqual([])
      for (const text of [...answers, await page.content(), await page.evaluate(() => JSON.stringify({ ...localStorage }))]) {
        expect(text).not.toContain(running.demo().proxyKey.secretKey)
        expect(text).not.toContain(running.demo().proxyKey.apiKey)
      }

      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
      if (size === 'phone') await page.locator(at('order-panel')).evaluate((element) => element.scrollIntoView({ block: 'start' }))
      else await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `${OUTPUT}/demo-proxy-${SIZES[size].width}x${SIZES[size].height}.png` })
      expect(await accessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    }, 120_000)
  }

  it('the key mode links to the proxy mode', async () => {
    const { page } = await newPage('desktop')
    await page.goto(running.demo().url)
    await page.locator(at('mode-switch')).click()
    await page.waitForURL(/\?mode=proxy$/)
    expect(await textOf(page, at('key-origin'))).toMatch(/this page holds no secret/)
    await page.close()
  }, 60_000)
})
