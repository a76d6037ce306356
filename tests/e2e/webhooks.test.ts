import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { tenantWithAdmin } from '../helpers/rest'

const tenantAdmin = { email: 'e2e-hooks-admin@example.com', password: 'e2e-hooks-admin-password' }

describe('a tenant admin subscribes a webhook in the admin', () => {
  let app: RunningApp
  let receiver: Receiver
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    receiver = await startReceiver()
    app = await startApp({
      env: { WEBHOOK_DELIVERY: 'on', WEBHOOK_ALLOWED_HOSTS: receiver.host },
    })
    browser = await launchBrowser()
    await tenantWithAdmin({
      origin: app.origin,
      slug: 'e2e-hooks',
      name: 'E2E Hooks Hall',
      admin: tenantAdmin,
    })
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  })

  afterAll(async () => {
    await page
      ?.screenshot({ path: screenshotPath('webhooks-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
    await receiver?.close()
  })

  it('saves a subscription, generates its secret once, sends a test and sees it in the log', async () => {
    await signInToAdmin({ page, origin: app.origin, ...tenantAdmin })
    // Settings → Webhooks, in the navigation.
    expect(await page.locator('a[href="/admin/collections/webhooks"]').count()).toBeGreaterThan(0)

    await page.goto(`${app.origin}/admin/collections/webhooks/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-url', receiver.url('/admin-hook'))
    await page.fill('#field-description', 'Listings site')
    await page.getByRole('button', { name: /^save$/i }).click()
    await page.waitForURL(/\/admin\/collections\/webhooks\/[0-9a-f-]{36}/, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')

    await page.getByRole('button', { name: /generate secret/i }).click()
    const shown = page.locator('.webhook-secret__value')
    await shown.waitFor({ timeout: 30_000 })
    const secret = await shown.inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    await page.getByRole('button', { name: /send test/i }).click()
    await page
      .locator('.webhook-secret__result', { hasText: 'Delivered: the target answered 200' })
      .waitFor({ timeout: 30_000 })
    const [request] = receiver.at('/admin-hook')
    expect(request).toBeDefined()
    expect(new Webhook(secret).verify(request!.body, request!.headers)).toMatchObject({
      type: 'webhook.test',
      data: { tenant: 'e2e-hooks' },
    })
    await page.screenshot({ path: screenshotPath('webhook-secret'), fullPage: true })

    // The delivery log lists it.
    await page.goto(`${app.origin}/admin/collections/webhook-deliveries`)
    await page.waitForLoadState('networkidle')
    await page.locator('tbody tr', { hasText: 'webhook.test' }).first().waitFor({ timeout: 30_000 })
    expect(await page.locator('tbody tr', { hasText: 'succeeded' }).count()).toBeGreaterThan(0)

    // Shown once: after a reload the secret is gone from the page.
    await page.goBack()
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await page.content()).not.toContain(secret)
  })
})
