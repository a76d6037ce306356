import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { installationAdmin } from '../helpers/rest'

const editor = { email: 'e2e-editor@example.com', password: 'e2e-editor-password' }

describe('an editor in the admin', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  const tenantIds: Record<string, string> = {}
  let eventId = ''

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
    // The installation's admin sets up two organisations and one editor who works for both.
    const token = await installationAdmin({ origin: app.origin })
    const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` }
    for (const [slug, name] of [
      ['e2e-theatre', 'E2E Theatre'],
      ['e2e-festival', 'E2E Festival'],
    ]) {
      const res = await fetch(`${app.origin}/api/tenants`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ slug, name }),
      })
      expect(res.status, await res.clone().text()).toBe(201)
      tenantIds[slug as string] = ((await res.json()) as { doc: { id: string } }).doc.id
    }
    const res = await fetch(`${app.origin}/api/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ...editor,
        tenants: [
          { tenant: tenantIds['e2e-theatre'], roles: ['editor'] },
          { tenant: tenantIds['e2e-festival'], roles: ['editor'] },
        ],
      }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  })

  afterAll(async () => {
    // The last state of the page, whatever happened: the first thing to look at when this fails.
    await page
      ?.screenshot({ path: screenshotPath('editor-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  it('logs in, picks a tenant, creates an event with an image and an instance, and publishes it', async () => {
    await signInToAdmin({ page, origin: app.origin, ...editor })

    // Pick the theatre in the tenant selector.
    await page.goto(`${app.origin}/admin/collections/events`)
    await page.waitForLoadState('networkidle')
    // The tenant selector sits in the header, the side navigation closed.
    const selector = page.locator('.app-header .tenant-selector')
    await selector.waitFor({ timeout: 30_000 })
    await selector.locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: 'E2E Theatre' }).click()
    await page.screenshot({ path: screenshotPath('editor-tenant-picked'), fullPage: true })

    await page.goto(`${app.origin}/admin/collections/events/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'The Winter’s Tale')

    // Upload a poster from the image field's "create new" drawer.
    const poster = Buffer.from(await makeImage({ width: 1600, height: 1000, label: 'Winter' }))
    await page
      .locator('#field-image')
      .getByRole('button', { name: /create new/i })
      .click()
    await page
      .locator('.drawer input[type="file"]')
      .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: poster })
    await page.locator('.drawer #field-alt').fill('A winter poster')
    await page
      .locator('.drawer')
      .getByRole('button', { name: /^save$/i })
      .click()
    await page
      .locator('#field-image .upload-relationship-details, #field-image .file-details')
      .first()
      .waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshotPath('editor-event-image'), fullPage: true })

    // Save a draft so the event exists, then add a performance from its Performances tab.
    await page.getByRole('button', { name: /save draft/i }).click()
    await page.waitForURL(/\/admin\/collections\/events\/[0-9a-f-]{36}/, { timeout: 30_000 })
    eventId = page.url().split('/').pop()?.split('?')[0] ?? ''
    await page
      .getByRole('tab', { name: /performances/i })
      .or(page.getByText('Performances', { exact: true }))
      .first()
      .click()
    await page
      .locator('[data-bulk="list"]')
      .getByRole('button', { name: 'Add one performance' })
      .click()
    const drawer = page.locator('.drawer').last()
    await drawer
      .locator('#field-startDate .react-datepicker__input-container input')
      .fill('02/04/2027 7:30 PM')
    await drawer.locator('#field-startDate .react-datepicker__input-container input').press('Enter')
    await drawer.getByRole('button', { name: /^save$/i }).click()
    await page.locator('[data-bulk="list"] tbody tr').first().waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshotPath('editor-event-instance'), fullPage: true })

    await page
      .getByRole('button', { name: /publish changes|publish/i })
      .first()
      .click()
    await page
      .locator('.doc-controls__status, .status')
      .filter({ hasText: /published/i })
      .first()
      .waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshotPath('editor-event-published'), fullPage: true })

    // What the editor made is in the database, in the tenant they picked.
    const me = await page.evaluate(async (id) => {
      const event = await (await fetch(`/api/events/${id}?depth=0`)).json()
      const instances = await (
        await fetch(`/api/event-instances?where[event][equals]=${id}&depth=0`)
      ).json()
      return { event, instances }
    }, eventId)
    expect(me.event._status).toBe('published')
    expect(me.event.tenant).toBe(tenantIds['e2e-theatre'])
    expect(me.event.slug).toBe('the-winter-s-tale')
    expect(typeof me.event.image).toBe('string')
    expect(me.instances.totalDocs).toBe(1)
    expect(me.instances.docs[0].tenant).toBe(tenantIds['e2e-theatre'])
  })

  it('saves a draft of the live event: the website keeps reading the published one', async () => {
    const payload = await getTestPayload()
    const theatre = await payload.findByID({ collection: 'tenants', id: tenantIds['e2e-theatre']! })
    const key = await createKey({ payload, tenants: [theatre], scope: 'read' })
    const site = partner({ origin: app.origin, tenant: 'e2e-theatre', key })
    expect((await site.get('events', eventId)).body.title).toBe('The Winter’s Tale')

    await page.goto(`${app.origin}/admin/collections/events/${eventId}`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'The Winter’s Tale (unapproved cut)')
    await page.getByRole('button', { name: /save draft/i }).click()
    await page
      .locator('.doc-controls__status, .status')
      .filter({ hasText: /changed|draft/i })
      .first()
      .waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshotPath('editor-event-draft-saved'), fullPage: true })

    // The draft is saved: the admin's own latest version has it.
    const latest = await page.evaluate(async (id) => {
      return (await (await fetch(`/api/events/${id}?depth=0&draft=true`)).json()) as {
        title: string
      }
    }, eventId)
    expect(latest.title).toBe('The Winter’s Tale (unapproved cut)')
    // The website reads the published show, still live; the feed says nothing went offline.
    const live = await site.get('events', eventId)
    expect(live.status).toBe(200)
    expect(live.body).toMatchObject({ title: 'The Winter’s Tale', _status: 'published' })
    const feed = await site.call('GET', '/changes?limit=100')
    const events = (feed.body.changes as { id: string; event: string }[])
      .filter((c) => c.id === eventId)
      .map((c) => c.event)
    expect(events).toContain('published')
    expect(events).not.toContain('unpublished')
    expect(events).not.toContain('drafted')
  })
})
