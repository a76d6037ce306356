import type { Browser, Page } from 'playwright-core'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

const editor = { email: 'e2e-preview-editor@example.com', password: 'e2e-preview-password' }

describe('an editor shares a draft', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  let payload: Payload
  let eventId = ''

  beforeAll(async () => {
    payload = await getTestPayload()
    const tenant = await createTenant({ payload, slug: 'e2e-preview', name: 'E2E Preview' })
    await createUser({
      payload,
      ...editor,
      tenants: [{ tenant, roles: ['editor'] }],
    })
    const event = await payload.create({
      collection: 'events',
      data: { title: 'Unannounced gala', _status: 'draft', tenant: tenant.id },
      draft: true,
    })
    eventId = event.id
    app = await startApp()
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  })

  afterAll(async () => {
    await page
      ?.screenshot({ path: screenshotPath('preview-link-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  it('clicks "Share preview link" on a draft event; the shown link reads the draft signed out', async () => {
    await signInToAdmin({ page, origin: app.origin, ...editor })
    await page.goto(`${app.origin}/admin/collections/events/${eventId}`)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Share preview link' }).click()
    const shown = page.getByLabel('Preview link')
    await shown.waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshotPath('preview-link-shown'), fullPage: true })
    const url = new URL(await shown.inputValue())
    expect(url.pathname).toBe(`${partnerBase}/e2e-preview/events/${eventId}`)
    expect(url.searchParams.get('preview')).toBeTruthy()

    // Signed out: no cookie, no key; the same path and token against the running app.
    const res = await fetch(`${app.origin}${url.pathname}${url.search}`)
    const body = (await res.json()) as Record<string, unknown>
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ id: eventId, title: 'Unannounced gala', _status: 'draft' })
    // Without the token the draft is nobody's.
    expect((await fetch(`${app.origin}${url.pathname}`)).status).toBe(401)
  })
})
