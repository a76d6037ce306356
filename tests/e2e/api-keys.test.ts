import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { partnerBase } from '../helpers/partner'
import { tenantWithAdmin } from '../helpers/rest'

const tenantAdmin = { email: 'e2e-keys-admin@example.com', password: 'e2e-keys-admin-password' }

describe('a tenant admin makes a partner key in the admin', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
    await tenantWithAdmin({
      origin: app.origin,
      slug: 'e2e-keys',
      name: 'E2E Keys Hall',
      admin: tenantAdmin,
    })
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  })

  afterAll(async () => {
    await page
      ?.screenshot({ path: screenshotPath('api-keys-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  it('saves a key with a rate limit, generates its secret once, and the partner API takes it', async () => {
    await signInToAdmin({ page, origin: app.origin, ...tenantAdmin })

    await page.goto(`${app.origin}/admin/collections/api-keys/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-name', 'Box office')
    await page.fill('#field-partner', 'Ticketing Co')
    // The admin of one organisation finds it chosen already.
    await expect
      .poll(() =>
        page.locator('#field-tenants .relationship--multi-value-label__text').allInnerTexts(),
      )
      .toEqual(['E2E Keys Hall'])
    await page.fill('#field-rateLimit', '2')
    // Before the first save there is no secret to generate.
    expect(
      await page.locator('.field-description', { hasText: 'Save the key first' }).count(),
    ).toBe(1)
    await page.getByRole('button', { name: /^save$/i }).click()
    await page.waitForURL(/\/admin\/collections\/api-keys\/[0-9a-f-]{36}/, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')

    await page.getByRole('button', { name: /generate secret/i }).click()
    const secret = page.locator('.api-key-secret__value')
    await secret.waitFor({ timeout: 30_000 })
    const key = await secret.inputValue()
    expect(key).toMatch(/^cms_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/)
    expect(await page.locator('#field-prefix').inputValue()).toBe(key.slice(4, 12))
    await page.screenshot({ path: screenshotPath('api-key-secret'), fullPage: true })

    // The key reads its tenant, within its two requests a minute.
    const call = () =>
      fetch(`${app.origin}${partnerBase}/e2e-keys/works`, {
        headers: { authorization: `Bearer ${key}` },
      })
    // The limit counts per clock minute: the three calls must fall in one. A keyless call first
    // (counted per address, not against the key) warms the app, so the calls are quick.
    await fetch(`${app.origin}${partnerBase}/e2e-keys/works`)
    const left = 60_000 - (Date.now() % 60_000)
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 200))
    expect((await call()).status).toBe(200)
    expect((await call()).status).toBe(200)
    const third = await call()
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)

    // Shown once: after a reload the secret is gone from the page.
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.api-key-secret__value').count()).toBe(0)
    expect(await page.content()).not.toContain(key)
  })
})
