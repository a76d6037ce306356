import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { closeBrowserTest, launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { adminCreator } from '../helpers/rest'

const editor = { email: 'bulk-e2e-editor@example.com', password: 'bulk-e2e-editor-password' }

type Stored = { startDate: string; hidden: boolean; venue: string | null; startDate_tz: string }

/**
 * A programming manager sets up next season's run of 30 performances from the event's
 * Performances tab, checks the preview in the theatre's time zone, then fixes a mistake in
 * several at once, as an editor of one organisation would in chromium.
 */
describe('performances in bulk in the browser', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  const ids = { tenant: '', event: '', mainHouse: '', studio: '' }

  const stored = (): Promise<Stored[]> =>
    page.evaluate(async (event) => {
      const res = await fetch(
        `/api/event-instances?where[event][equals]=${event}&sort=startDate&limit=100&depth=0`,
      )
      return ((await res.json()) as { docs: Stored[] }).docs
    }, ids.event)

  const openPerformancesTab = async (url: string) => {
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    await page
      .getByRole('tab', { name: /performances/i })
      .or(page.getByText('Performances', { exact: true }))
      .first()
      .click()
  }

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
    const post = await adminCreator({ origin: app.origin })
    ids.tenant = await post('tenants', {
      slug: 'bulk-e2e-theatre',
      name: 'Bulk E2E Theatre',
      timeZone: 'Europe/London',
    })
    await post('users', { ...editor, tenants: [{ tenant: ids.tenant, roles: ['editor'] }] })
    ids.event = await post('events', {
      title: 'The Tempest',
      tenant: ids.tenant,
      _status: 'published',
    })
    ids.mainHouse = await post('venues', { title: 'Main House', tenant: ids.tenant })
    ids.studio = await post('venues', { title: 'Studio', tenant: ids.tenant })
    page = await browser.newPage({ viewport: { width: 1400, height: 1100 } })
    await signInToAdmin({ page, origin: app.origin, ...editor })
  })

  afterAll(() => closeBrowserTest({ name: 'performances-bulk', page, browser, app }))

  it('asks to save a new event before adding performances', async () => {
    await openPerformancesTab(`${app.origin}/admin/collections/events/create`)
    await expect
      .poll(() => page.locator('[data-bulk="save-first"]').innerText())
      .toContain('Save the event first')
  })

  it('previews a weekly run in the theatre’s time zone, then creates all 30', async () => {
    await openPerformancesTab(`${app.origin}/admin/collections/events/${ids.event}`)
    const add = page.locator('[data-bulk="add"]')
    await add.getByLabel('First day').fill('2027-10-05')
    await add.getByLabel('Last day').fill('2027-11-13')
    for (const day of ['Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
      await add.getByLabel(day, { exact: true }).check()
    await add.getByLabel('Start times').fill('19:30')
    await add.getByLabel('Venue').selectOption({ label: 'Main House' })
    await add.getByLabel('Length in minutes').fill('150')
    await add.getByRole('button', { name: 'Preview' }).click()
    const preview = page.locator('[data-bulk="preview"]')
    await expect.poll(() => preview.locator('li[data-state="new"]').count()).toBe(30)
    // Local times on both sides of the night the clocks go back.
    const rows = await preview.locator('li').allInnerTexts()
    expect(rows[0]).toContain('Tue, 5 Oct 2027')
    expect(rows[0]).toContain('19:30')
    expect(rows[29]).toContain('Sat, 13 Nov 2027')
    expect(rows[29]).toContain('19:30')
    expect(await preview.innerText()).toContain('Europe/London')
    await page.screenshot({ path: screenshotPath('performances-bulk-preview'), fullPage: true })
    expect(await stored()).toEqual([])

    await preview.getByRole('button', { name: 'Create 30 performances' }).click()
    await expect
      .poll(() => page.locator('[data-bulk="done"]').innerText())
      .toContain('Created 30 performances')
    await expect.poll(() => page.locator('[data-bulk="list"] tbody tr').count()).toBe(30)
    await page.screenshot({ path: screenshotPath('performances-bulk-created'), fullPage: true })
    const made = await stored()
    expect(made).toHaveLength(30)
    expect(made[0]).toMatchObject({
      startDate: '2027-10-05T18:30:00.000Z',
      startDate_tz: 'Europe/London',
      venue: ids.mainHouse,
    })
    expect(made[29]?.startDate).toBe('2027-11-13T19:30:00.000Z')
  })

  it('moves, re-houses, hides and deletes several at once', async () => {
    const list = page.locator('[data-bulk="list"]')
    const choose = async (rows: number[]) => {
      for (const row of rows) await list.locator('tbody tr').nth(row).getByRole('checkbox').check()
    }
    const clear = async () => {
      await list.getByLabel('Choose all').check()
      await list.getByLabel('Choose all').uncheck()
    }
    // The Saturdays of the first week were meant to be matinees in the Studio.
    await choose([4, 9])
    await list.getByLabel('New start time').fill('14:30')
    await list.getByRole('button', { name: 'Set start time' }).click()
    await expect.poll(() => page.locator('[data-bulk="changed"]').innerText()).toContain('Moved 2')
    await list.getByLabel('New venue').selectOption({ label: 'Studio' })
    await list.getByRole('button', { name: 'Set venue' }).click()
    await expect
      .poll(() => page.locator('[data-bulk="changed"]').innerText())
      .toContain('Set the venue of 2')
    await expect.poll(() => list.locator('tbody tr').nth(4).innerText()).toContain('14:30')
    await page.screenshot({ path: screenshotPath('performances-bulk-moved'), fullPage: true })

    await clear()
    await choose([0])
    await list.getByRole('button', { name: 'Hide' }).click()
    await expect.poll(() => list.locator('tbody tr').nth(0).innerText()).toContain('Hidden')

    await clear()
    await choose([28, 29])
    await list.getByRole('button', { name: 'Delete…' }).click()
    await list.getByRole('button', { name: 'Delete 2 for good' }).click()
    await expect.poll(() => list.locator('tbody tr').count()).toBe(28)
    await page.screenshot({ path: screenshotPath('performances-bulk-changed'), fullPage: true })

    // One more by itself in Payload's drawer, with the event filled in; the list reads it again.
    await list.getByRole('button', { name: 'Add one performance' }).click()
    const drawer = page.locator('.drawer').last()
    const start = drawer.locator('#field-startDate .react-datepicker__input-container input')
    await start.fill('12/24/2027 2:00 PM')
    await start.press('Enter')
    await drawer.getByRole('button', { name: /^save$/i }).click()
    await expect.poll(() => list.locator('tbody tr').count(), { timeout: 30_000 }).toBe(29)
    await drawer.waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined)

    const after = (await stored()).slice(0, 28)
    expect(await stored()).toHaveLength(29)
    expect(after[0]?.hidden).toBe(true)
    const matinees = after.filter((p) => p.venue === ids.studio).map((p) => p.startDate)
    expect(matinees).toEqual(['2027-10-09T13:30:00.000Z', '2027-10-16T13:30:00.000Z'])
  })

  it('shows beside the list which lines it cannot read, and creates nothing', async () => {
    const add = page.locator('[data-bulk="add"]')
    await add.getByLabel('List of dates').check()
    await add.getByLabel('Dates and times').fill('2027-12-01 19:30\nnext Tuesday\n2027-03-28 01:30')
    await add.getByRole('button', { name: 'Preview' }).click()
    const preview = page.locator('[data-bulk="preview"]')
    await expect
      .poll(() => preview.locator('[data-errors-for="lines"]').innerText())
      .toContain('Line 2')
    expect(await preview.locator('li[data-state="problem"]').innerText()).toContain(
      'does not exist in Europe/London',
    )
    expect(await preview.getByRole('button', { name: /Create/ }).isDisabled()).toBe(true)
    await page.screenshot({ path: screenshotPath('performances-bulk-errors'), fullPage: true })
    expect(await stored()).toHaveLength(29)
  })
})
