import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { closeBrowserTest, launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { adminCreator } from '../helpers/rest'

const editor = { email: 'dash-e2e-editor@example.com', password: 'dash-e2e-editor-password' }
const hour = 3_600_000

describe('the programme dashboard in the browser', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  const tenants: Record<string, string> = {}

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
    const post = await adminCreator({ origin: app.origin })
    for (const [slug, name] of [
      ['dash-e2e-theatre', 'Dash E2E Theatre'],
      ['dash-e2e-festival', 'Dash E2E Festival'],
    ] as const)
      tenants[slug] = await post('tenants', { slug, name, timeZone: 'Europe/London' })
    await post('users', {
      ...editor,
      tenants: Object.values(tenants).map((tenant) => ({ tenant, roles: ['editor'] })),
    })
    for (const [slug, title, inHours] of [
      ['dash-e2e-theatre', 'Twelfth Night', 26],
      ['dash-e2e-festival', 'Opening Gala', 4],
    ] as const) {
      const tenant = tenants[slug]
      const event = await post('events', { title, tenant, _status: 'published' })
      await post('event-instances', {
        event,
        tenant,
        startDate: new Date(Date.now() + inHours * hour).toISOString(),
      })
    }
    await post('events', {
      title: 'Pericles (draft)',
      tenant: tenants['dash-e2e-theatre'],
      _status: 'draft',
    })
    page = await browser.newPage({ viewport: { width: 1400, height: 1100 } })
  })

  afterAll(() => closeBrowserTest({ name: 'dashboard', page, browser, app }))

  it('shows the week, the drafts and the edits of every organisation, each row named', async () => {
    await signInToAdmin({ page, origin: app.origin, ...editor })
    const upcoming = page.locator('[data-panel="upcoming"]')
    await upcoming.waitFor()
    await expect
      .poll(() => upcoming.locator('li').allInnerTexts())
      .toEqual([
        expect.stringMatching(/Opening Gala[\s\S]*Dash E2E Festival/),
        expect.stringMatching(/Twelfth Night[\s\S]*Dash E2E Theatre/),
      ])
    await expect
      .poll(() => page.locator('[data-panel="drafts"] li').allInnerTexts())
      .toEqual([expect.stringMatching(/Pericles \(draft\)[\s\S]*never published/)])
    expect(await page.locator('[data-panel="edits"] li').count()).toBeGreaterThanOrEqual(3)
    await page.screenshot({ path: screenshotPath('dashboard-all-organisations'), fullPage: true })
  })

  it('lists name each row’s organisation when all are shown', async () => {
    await page.goto(`${app.origin}/admin/collections/events`)
    const table = page.locator('.table table')
    await table.waitFor()
    await expect
      .poll(() => table.locator('thead th').allInnerTexts())
      .toContainEqual(expect.stringMatching(/Organisation/))
    // The organisation cell names its record once the list has loaded the related names (the
    // header's selector may re-render the list once on arrival: wait for the names themselves).
    const rows = () => table.locator('tbody tr').allInnerTexts()
    const named = (shown: string[]) =>
      shown.some((row) => /Twelfth Night[\s\S]*Dash E2E Theatre/.test(row)) &&
      shown.some((row) => /Opening Gala[\s\S]*Dash E2E Festival/.test(row))
    await expect.poll(async () => named(await rows()), { timeout: 30_000 }).toBe(true)
    await page.screenshot({ path: screenshotPath('events-list-organisations'), fullPage: true })
    expect(JSON.stringify(await rows())).not.toContain('Loading')
  })

  it('narrows to the organisation picked in the selector, without an organisation column', async () => {
    await page
      .context()
      .addCookies([
        { name: 'payload-tenant', value: tenants['dash-e2e-theatre'] ?? '', url: app.origin },
      ])
    await page.goto(`${app.origin}/admin`)
    const upcoming = page.locator('[data-panel="upcoming"]')
    await upcoming.waitFor()
    const rows = await upcoming.locator('li').allInnerTexts()
    expect(rows).toEqual([expect.stringMatching(/Twelfth Night/)])
    expect(rows[0]).not.toMatch(/Dash E2E Theatre/)
    await expect(page.locator('.programme-dashboard h2').innerText()).resolves.toMatch(
      /Dash E2E Theatre/,
    )
    await page.screenshot({ path: screenshotPath('dashboard-one-organisation'), fullPage: true })
  })
})
