// The demo's market in a real headless Chromium: the book's levels hold different sizes, and a
// level an order fills against shrinks by what it took (the demo's exchange runs the `lively`
// market maker ladder). Screenshots of the market land in test-output/.
import type { Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { demoInChromium, OUTPUT } from './demo-in-chromium.ts'
import { injectWallets } from './fake-wallets.ts'

const { demo, browser } = demoInChromium()

const at = (test: string) => `[data-test="${test}"]`

/** The book's rows as shown: side, price and size (numbers read from the page's text). */
function bookRows(page: Page): Promise<{ side: string; price: number; size: number }[]> {
  return page.locator(`${at('order-book')} tr.level`).evaluateAll((rows) => rows.map((row) => {
    const cells = [...row.querySelectorAll('td')].map((cell) => Number((cell.textContent ?? '').replaceAll(',', '')))
    return { side: row.classList.contains('ask') ? 'ask' : 'bid', price: cells[0]!, size: cells[1]! }
  }))
}

describe('the demo\'s market in Chromium', () => {
  it('shows book levels of different sizes, and the level an order fills against shrinks by what it took', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await injectWallets(page)
    await page.goto(demo().url)
    await page.locator(`${at('order-book')} tr.level`).first().waitFor()

    const shown = await bookRows(page)
    const asks = shown.filter((row) => row.side === 'ask')
    const bids = shown.filter((row) => row.side === 'bid')
    expect(new Set(asks.map((row) => row.size)).size).toBeGreaterThan(1)
    expect(new Set(bids.map((row) => row.size)).size).toBeGreaterThan(1)
    expect(asks.map((row) => row.size)).not.toEqual(bids.map((row) => row.size).reverse())
    // The chart is what its title says.
    expect(await page.locator(at('chart-interval')).textContent()).toBe('Price, 1-minute candles (open, high, low, close)')
    expect(await page.locator(`${at('chart')} ${at('candle')}`).count()).toBeGreaterThan(10)

    await page.locator(at('connect-injected')).click()
    await page.locator(at('sign')).click()
    await page.waitForFunction((selector) => /API key created/.test(document.querySelector(selector)?.textContent ?? ''), `${at('notice')}[aria-label="Wallet"]`)

    // The ladder is quoted afresh when the minute turns (a new reference price): a buy at the best ask
    // shown can then rest instead of filling. Start early in a minute, and try again if it rested.
    const size = 0.2
    const formNotice = `${at('notice')}[aria-label="Order form"]`
    let best = { side: 'ask', price: 0, size: 0 }
    for (let attempt = 1; ; attempt++) {
      while (new Date().getUTCSeconds() > 20 || new Date().getUTCSeconds() < 3) await page.waitForTimeout(500)
      await page.waitForTimeout(2500) // a poll after the re-quote
      best = (await bookRows(page)).filter((row) => row.side === 'ask').at(-1)! // asks are listed highest first
      expect(best.size).toBeGreaterThan(size)
      await page.locator(at('order-side')).selectOption('buy')
      await page.locator(at('order-price')).fill(String(best.price))
      await page.locator(at('order-size')).fill(String(size))
      await page.locator(at('place-order')).click()
      await page.waitForFunction((selector) => /Order (filled|open)/.test(document.querySelector(selector)?.textContent ?? ''), formNotice)
      if (/Order filled/.test((await page.locator(formNotice).textContent()) ?? '')) break
      expect(attempt, 'a buy at the best ask shown filled within three tries').toBeLessThan(3)
      await page.locator(at('cancel-order')).first().click()
      await page.locator(at('cancel-order')).waitFor({ state: 'detached' })
    }

    // Within the next polls the best ask shows what is left of it.
    const expected = Math.round((best.size - size) * 1000) / 1000
    await page.waitForFunction(([selector, price, left]) => {
      const rows = [...document.querySelectorAll(selector!)].filter((row) => row.classList.contains('ask'))
      const nearest = rows.at(-1)?.querySelectorAll('td')
      return nearest !== undefined && Number(nearest[0]!.textContent!.replaceAll(',', '')) === Number(price) && Number(nearest[1]!.textContent!.replaceAll(',', '')) === Number(left)
    }, [`${at('order-book')} tr.level`, String(best.price), String(expected)] as const, { timeout: 10_000 })
    // Last is the newest trade listed (the fill, or one after it).
    const [last, newestTrade] = await page.evaluate(([lastSelector, tradesSelector]) => [
      document.querySelector(lastSelector!)?.textContent ?? '',
      document.querySelector(`${tradesSelector} tbody tr td:nth-child(2)`)?.textContent ?? '',
    ], [at('last-price'), at('trades')] as const)
    expect(last).toBe(newestTrade)

    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${OUTPUT}/demo-market-1440x900.png` })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.locator(at('market-panel')).evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${OUTPUT}/demo-market-375x812.png` })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
