// The demo in a real headless Chromium (Debian's), served by the same server `npm run demo` starts.
import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../demo/serve.ts'
import { CHROMIUM_FLAGS, chromiumExecutable } from '../runtimes/chromium.ts'
const OUTPUT = 'test-output'

let demo: DemoServer
let browser: Browser

beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true })
  demo = await startDemoServer({ port: 0 })
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await demo?.close()
})

const at = (test: string) => `[data-test="${test}"]`

async function textOf(page: Page, test: string): Promise<string> {
  const locator = page.locator(at(test)).first()
  await locator.waitFor({ state: 'visible' })
  return (await locator.textContent()) ?? ''
}

/** Places the suggested resting order, sees it open, cancels it, sees it gone. */
async function placeAndCancel(page: Page): Promise<void> {
  await page.waitForFunction((selector) => (document.querySelector<HTMLInputElement>(selector)?.value ?? '') !== '', at('order-price'))
  await page.locator(at('place-order')).click()
  await page.locator(at('cancel-order')).first().waitFor({ state: 'visible' })
  expect(await page.locator(`${at('open-orders')} tbody tr`).count()).toBe(1)
  expect(await page.locator(`${at('open-orders')} tbody tr td`).nth(3).textContent()).toBe('open')
  await page.locator(at('cancel-order')).first().click()
  await page.locator(at('cancel-order')).waitFor({ state: 'detached' })
  expect(await textOf(page, 'success')).toBe('Order cancelled.')
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

describe('the demo page in Chromium', () => {
  it('onboards with a test wallet, trades, keeps its key across a reload, rotates it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(demo.url)

    // Connect a test wallet: the page shows the login message it will ask to sign.
    await page.locator(at('connect-test')).click()
    expect(await textOf(page, 'login-message')).toMatch(/^1024 Exchange - login - \d{13}$/)
    await page.locator(at('sign')).click()

    // The key and its secret, shown once; the exact signed message stays on the page.
    const apiKey = await textOf(page, 'api-key')
    const secret = await textOf(page, 'secret-key')
    expect(apiKey).toMatch(/^[A-Za-z0-9]{4}_[0-9a-f]{64}$/)
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(await textOf(page, 'shown-once')).toMatch(/^Shown once\./)
    expect(await page.locator(at('login-message')).textContent()).toMatch(/^1024 Exchange - login - \d{13}$/)

    // Introspected: bound account, read + trade, never withdraw.
    const accountId = await textOf(page, 'key-account')
    expect(accountId).not.toBe('')
    expect(await page.locator(at('perm-canTrade')).getAttribute('class')).toBe('pill on')
    expect(await page.locator(at('perm-canWithdraw')).getAttribute('class')).toBe('pill off')

    // Stored as a non-extractable CryptoKey; no secret text in IndexedDB or localStorage.
    const stored = await storageSnapshot(page)
    expect(stored).toMatchObject({ isCryptoKey: true, extractable: false, exported: 'refused' })
    expect(stored.texts).toContain(apiKey)
    expect(stored.texts.join(' ')).not.toContain(secret)
    expect(stored.localStorage).not.toContain(secret)

    // Live market data.
    expect(await textOf(page, 'last-price')).toMatch(/\d/)
    await page.locator(`${at('order-book')} tbody tr`).first().waitFor()
    await page.locator(`${at('chart')} svg path.chart-line`).waitFor()

    // A perp order, placed and cancelled; balances shown.
    await placeAndCancel(page)
    expect(await textOf(page, 'balance-USDC')).toMatch(/\d/)

    // A prediction complete set, minted and redeemed.
    await page.locator(at('mint')).click()
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '10', at('shares-Yes'))
    await page.locator(at('redeem')).click()
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '0', at('shares-Yes'))

    // Hiding the secret takes it off the page for good.
    await page.locator(at('hide-secret')).click()
    expect(await page.content()).not.toContain(secret)

    // A reload finds the stored credential, and it still trades.
    await page.reload()
    expect(await textOf(page, 'key-origin')).toMatch(/Restored/)
    expect(await textOf(page, 'key-account')).toBe(accountId)
    expect(await page.locator(at('wallet-panel')).isHidden()).toBe(true)
    await placeAndCancel(page)
    await page.screenshot({ path: `${OUTPUT}/demo.png`, fullPage: true })

    // Rotation: a new secret shown once, stored, and working after another reload.
    await page.locator(at('rotate')).click()
    const rotated = await textOf(page, 'secret-key')
    expect(rotated).toMatch(/^[0-9a-f]{64}$/)
    expect(rotated).not.toBe(secret)
    expect(await textOf(page, 'key-origin')).toMatch(/rotated/)
    await page.reload()
    expect(await textOf(page, 'key-origin')).toMatch(/Restored/)
    expect(await textOf(page, 'key-account')).toBe(accountId)

    expect(await page.locator(at('error')).count()).toBe(0)
    expect(pageErrors).toEqual([])
    await page.close()
  }, 120_000)

  it('reads well on a phone-sized screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
    await page.goto(demo.url)
    await textOf(page, 'last-price')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${OUTPUT}/demo-phone.png`, fullPage: true })
    await page.close()
  }, 60_000)
})
