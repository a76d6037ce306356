import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { makeCatalogue, startFakeSpektrix, type FakeSpektrix } from '../helpers/fakeSpektrix'
import { partnerBase } from '../helpers/partner'
import { login, tenantWithAdmin } from '../helpers/rest'

const secretKey = Buffer.from('e2e spektrix owner key').toString('base64')
const tenantAdmin = { email: 'e2e-sync-admin@example.com', password: 'e2e-sync-admin-password' }

describe('a box office manager connects Spektrix in the admin', () => {
  let app: RunningApp
  let spektrix: FakeSpektrix
  let browser: Browser
  let page: Page
  let key: string

  /** What the website reads: the tenant's published performances through a read key. */
  const websiteReads = async (): Promise<Record<string, unknown>[]> => {
    const res = await fetch(`${app.origin}${partnerBase}/e2e-sync/event-instances?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { docs: Record<string, unknown>[] }).docs
  }

  beforeAll(async () => {
    spektrix = await startFakeSpektrix({
      clientName: 'e2ehouse',
      catalogue: makeCatalogue({
        events: 2,
        instancesPerEvent: 3,
        from: new Date(Date.now() + 3 * 86_400_000),
      }),
    })
    app = await startApp({
      env: {
        TICKETING_RUNNER: 'on',
        TICKETING_ALLOWED_HOSTS: spektrix.host,
        TICKETING_POLL_MS: '300',
      },
    })
    browser = await launchBrowser()
    await tenantWithAdmin({
      origin: app.origin,
      slug: 'e2e-sync',
      name: 'E2E Sync House',
      admin: tenantAdmin,
    })
    const token = await login({ origin: app.origin, ...tenantAdmin })
    const me = (await (
      await fetch(`${app.origin}/api/users/me`, { headers: { authorization: `JWT ${token}` } })
    ).json()) as { user: { tenants: { tenant: string | { id: string } }[] } }
    const tenant = me.user.tenants[0]!.tenant
    const created = await fetch(`${app.origin}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({
        name: 'website',
        scope: 'read',
        tenants: [typeof tenant === 'string' ? tenant : tenant.id],
      }),
    })
    expect(created.status).toBe(201)
    key = ((await created.json()) as { doc: { key: string } }).doc.key
    page = await browser.newPage({ viewport: { width: 1400, height: 1100 } })
  })

  afterAll(async () => {
    await page
      ?.screenshot({ path: screenshotPath('ticketing-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
    await spektrix?.stop()
  })

  it('connects, previews, syncs, and finds the box office fields locked', async () => {
    await signInToAdmin({ page, origin: app.origin, ...tenantAdmin })
    // Settings → Ticketing, in the navigation.
    expect(
      await page.locator('a[href="/admin/collections/ticketing-connections"]').count(),
    ).toBeGreaterThan(0)

    await page.goto(`${app.origin}/admin/collections/ticketing-connections/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-name', 'Spektrix')
    await page.fill('#field-spektrix__clientName', 'e2ehouse')
    await page.fill('#field-spektrix__baseUrl', spektrix.origin)
    await page.locator('#field-importNewEvents').check()
    // Owner-mode credentials: typed once, sealed, never shown again.
    await page.fill('#field-credentials__apiUser', 'e2e-sync-user')
    await page.fill('#field-credentials__apiKey', secretKey)
    await page.getByRole('button', { name: /^save$/i }).click()
    await page.waitForURL(/\/admin\/collections\/ticketing-connections\/[0-9a-f-]{36}/, {
      timeout: 30_000,
    })
    await page.waitForLoadState('networkidle')
    const connectionId = /ticketing-connections\/([0-9a-f-]{36})/.exec(page.url())![1]!
    // A later save of other settings keeps them.
    await page.fill('#field-daysAhead', '365')
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.url().includes(`/api/ticketing-connections/${connectionId}`) &&
          r.request().method() === 'PATCH',
      ),
      page.getByRole('button', { name: /^save$/i }).click(),
    ])
    expect(saved.status()).toBe(200)
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await page.content()).not.toContain(secretKey)
    await page.locator('.credentials-set', { hasText: 'API key: stored (sealed)' }).waitFor()
    const connection = await fetch(
      `${app.origin}${partnerBase}/e2e-sync/ticketing-connections/${connectionId}`,
      { headers: { authorization: `Bearer ${key}` } },
    )
    const stored = (await connection.json()) as Record<string, unknown>
    expect(stored).toMatchObject({
      daysAhead: 365,
      credentialsSet: { apiUser: true, apiKey: true },
    })
    expect(JSON.stringify(stored)).not.toContain(secretKey)

    // A preview answers the plan and writes nothing: the website still reads no performance.
    await page.getByRole('button', { name: /preview changes/i }).click()
    await page
      .locator('.ticketing-sync__run--succeeded', { hasText: 'preview' })
      .first()
      .waitFor({ timeout: 60_000 })
    await page.screenshot({ path: screenshotPath('ticketing-preview'), fullPage: true })
    expect(await page.locator('.ticketing-sync').textContent()).toContain('Production 1')
    expect(await websiteReads()).toEqual([])

    // Sync now: the two productions and their six performances arrive.
    await page.getByRole('button', { name: /sync now/i }).click()
    await page
      .locator('.ticketing-sync__run--succeeded', { hasText: /^.*sync/ })
      .first()
      .waitFor({ timeout: 60_000 })
    await page.screenshot({ path: screenshotPath('ticketing-synced'), fullPage: true })
    const performances = await websiteReads()
    expect(performances).toHaveLength(6)
    expect(performances[0]).toMatchObject({
      ticketingSystem: 'spektrix',
      availability: 'available',
    })
    expect(String(performances[0]!.bookingUrl)).toMatch(
      /\/e2ehouse\/website\/ChooseSeats\.aspx\?EventInstanceId=\d+&resize=true$/,
    )

    // A synced performance: its start is the box office's, shown read-only; its title is not.
    await page.goto(
      `${app.origin}/admin/collections/event-instances/${String(performances[0]!.id)}`,
    )
    await page.waitForLoadState('networkidle')
    const ticketingId = page.locator('#field-ticketingSystemId')
    await ticketingId.waitFor({ timeout: 30_000 })
    expect(await ticketingId.isEditable()).toBe(false)
    expect(
      await page
        .locator('.date-time-field.read-only', { has: page.locator('#field-startDate') })
        .count(),
    ).toBe(1)
    expect(await page.locator('#field-title').isEditable()).toBe(true)
    await page.screenshot({ path: screenshotPath('ticketing-locked'), fullPage: true })
  })
})
