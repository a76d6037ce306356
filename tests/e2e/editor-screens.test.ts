import type { Browser, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { makeImage } from '../../src/seed/images'
import { scheduleChange } from '../../src/plugins/scheduling/exports'
import { startApp, type RunningApp } from '../helpers/app'
import { closeBrowserTest, launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { getTestPayload } from '../helpers/payload'
import { installationAdmin } from '../helpers/rest'

/** Admin of the theatre, editor of the festival: two organisations, one of them administered. */
const editor = { email: 'screens-editor@example.com', password: 'screens-editor-password' }
/** Admin of both: a key of theirs has no organisation chosen for them. */
const admin = { email: 'screens-admin@example.com', password: 'screens-admin-password' }

/** The error Payload shows beside a field once a save was refused. */
const fieldError = (field: Locator): Locator =>
  field.locator('xpath=ancestor-or-self::*[contains(@class,"field-type")][1]')

describe('an editor’s screens', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  let token = ''
  const tenants: Record<'theatre' | 'festival', string> = { theatre: '', festival: '' }
  const ids: Record<string, string> = {}

  const post = async (collection: string, body: object): Promise<string> => {
    const res = await fetch(`${app.origin}/api/${collection}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify(body),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { doc: { id: string } }).doc.id
  }

  const upload = async ({ alt, name }: { alt?: string; name: string }): Promise<string> => {
    const form = new FormData()
    const png = Buffer.from(await makeImage({ width: 1600, height: 900, label: name }))
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}.png`)
    form.append('_payload', JSON.stringify({ tenant: tenants.theatre, ...(alt ? { alt } : {}) }))
    const res = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { doc: { id: string } }).doc.id
  }

  /** Opens the page and waits until its form has settled (typing earlier is lost). */
  const open = async (url: string): Promise<void> => {
    await page.goto(`${app.origin}${url}`)
    await page.waitForLoadState('networkidle')
  }

  /** Signs out whoever is signed in, then in as `who`. */
  const signInAs = async (who: { email: string; password: string }): Promise<void> => {
    await page.context().clearCookies()
    await signInToAdmin({ page, origin: app.origin, ...who })
  }

  const chooseTenant = async (tenant: string): Promise<void> => {
    await page.context().addCookies([{ name: 'payload-tenant', value: tenant, url: app.origin }])
  }

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
    token = await installationAdmin({ origin: app.origin })
    tenants.theatre = await post('tenants', {
      slug: 'screens-theatre',
      name: 'Screens Theatre',
      timeZone: 'Europe/Amsterdam',
    })
    tenants.festival = await post('tenants', { slug: 'screens-festival', name: 'Screens Festival' })
    await post('users', {
      ...editor,
      tenants: [
        { tenant: tenants.theatre, roles: ['tenant-admin'] },
        { tenant: tenants.festival, roles: ['editor'] },
      ],
    })
    await post('users', {
      ...admin,
      tenants: [
        { tenant: tenants.theatre, roles: ['tenant-admin'] },
        { tenant: tenants.festival, roles: ['tenant-admin'] },
      ],
    })
    ids.venue = await post('venues', {
      tenant: tenants.theatre,
      title: 'Harbour Hall',
      address: {
        streetAddress: '1 Quay Street',
        locality: 'Bristol',
        postalCode: 'BS1 4QA',
        country: 'GB',
      },
    })
    // Another organisation's venue is never offered.
    await post('venues', { tenant: tenants.festival, title: 'Festival Tent' })
    ids.picture = await upload({ name: 'poster', alt: 'The company on a bare stage' })
    ids.bare = await upload({ name: 'unlabelled' })
    ids.event = await post('events', {
      tenant: tenants.theatre,
      title: 'The Cherry Orchard',
      _status: 'draft',
      description: {
        root: {
          type: 'root',
          version: 1,
          direction: 'ltr',
          format: '',
          indent: 0,
          children: [
            {
              type: 'upload',
              version: 3,
              relationTo: 'media',
              value: ids.picture,
              fields: {},
              format: '',
            },
          ],
        },
      },
    })
    ids.page = await post('pages', {
      tenant: tenants.theatre,
      title: 'What’s on',
      layout: [
        { blockType: 'eventList', heading: 'On this week', source: 'chosen' },
        { blockType: 'callToAction', label: 'Book tickets', link: 'https://tickets.example.com/' },
      ],
    })
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    await signInToAdmin({ page, origin: app.origin, ...editor })
  })

  // A failed step leaves a picture of the page behind, named for its test.
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      const name = task.name.replace(/\W+/g, '-').slice(0, 60)
      await page?.screenshot({ path: screenshotPath(`failed-${name}`), fullPage: true })
    })
  })

  afterAll(() => closeBrowserTest({ name: 'screens', page, browser, app }))

  it('shows the organisation selector in the header, and “Organisations” once in the menu', async () => {
    await open('/admin')
    // The side menu stays closed: the selector is in the header.
    expect(await page.locator('.template-default--nav-open').count()).toBe(0)
    const selector = page.locator('.app-header .tenant-selector')
    await selector.waitFor({ timeout: 30_000 })
    expect(await selector.isVisible()).toBe(true)
    await selector.locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: 'Screens Festival' }).click()
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'payload-tenant'))
      .toMatchObject({ value: tenants.festival })
    await expect
      .poll(() => page.locator('.programme-dashboard h2').first().innerText(), { timeout: 30_000 })
      .toMatch(/Screens Festival/)
    await page.screenshot({ path: screenshotPath('screens-tenant-selector-in-header') })

    await page.locator('button.nav-toggler:visible').first().click()
    await page.locator('.template-default--nav-open').waitFor()
    const links = (await page.locator('nav a').allInnerTexts()).map((t) => t.trim())
    expect(links.filter((t) => t === 'Organisations')).toHaveLength(1)
    expect(links).toContain('Companies')
    await page.screenshot({ path: screenshotPath('screens-menu-organisations-once') })
    await page.locator('button.nav-toggler:visible').first().click()
  })

  it('fills an event’s venue from one of the organisation’s venues', async () => {
    await chooseTenant(tenants.theatre)
    await open('/admin/collections/events/create')
    await page.fill('#field-title', 'Uncle Vanya')
    const picker = page.locator('.fill-from-venue')
    await picker.locator('.rs__control').click()
    const options = page.locator('.rs__option')
    await options.first().waitFor()
    expect(await options.allInnerTexts()).toEqual(['Harbour Hall'])
    await options.first().click()
    await expect
      .poll(() => page.inputValue('#field-venue__name'), { timeout: 15_000 })
      .toBe('Harbour Hall')
    expect(await page.inputValue('#field-venue__address')).toBe('1 Quay Street, BS1 4QA')
    expect(await page.inputValue('#field-venue__city')).toBe('Bristol')
    expect(await page.inputValue('#field-venue__country')).toBe('GB')
    await page.locator('.fill-from-venue').scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshotPath('screens-venue-filled'), fullPage: true })

    await page.getByRole('button', { name: /save draft/i }).click()
    await page.waitForURL(/\/admin\/collections\/events\/[0-9a-f-]{36}/, { timeout: 30_000 })
    const id = page.url().split('/').pop()?.split('?')[0] ?? ''
    const saved = await page.evaluate(
      async (eventId) => (await fetch(`/api/events/${eventId}?draft=true&depth=0`)).json(),
      id,
    )
    // The group keeps its shape: four strings, no link to the venue record.
    expect(saved.venue).toEqual({
      name: 'Harbour Hall',
      address: '1 Quay Street, BS1 4QA',
      city: 'Bristol',
      country: 'GB',
    })
  })

  it('says beside the field what a refused save got wrong, and keeps saying it', async () => {
    // A key without an organisation: required, refused with a 400.
    await signInAs(admin)
    await open('/admin/collections/api-keys/create')
    await page.locator('#field-name').pressSequentially('Listings site', { delay: 20 })
    const refused = page.waitForResponse(
      (res) => res.url().includes('/api/api-keys') && res.request().method() === 'POST',
    )
    await page.getByRole('button', { name: /^save$/i }).click()
    expect((await refused).status()).toBe(400)
    const tenantsField = fieldError(page.locator('#field-tenants'))
    // Payload refreshes the form state after a failed save; the error must outlive that.
    await page.waitForTimeout(3_000)
    await page.waitForLoadState('networkidle')
    await expect
      .poll(() => tenantsField.getAttribute('class'), { timeout: 15_000 })
      .toMatch(/\berror\b/)
    expect(await tenantsField.locator('.field-error').textContent()).toMatch(/required/i)
    await page.screenshot({ path: screenshotPath('screens-error-key-without-tenant') })

    // Fixed, it saves, and the secret's hint reads as a sentence.
    await page.locator('#field-tenants .rs__control').click()
    await page.locator('.rs__option', { hasText: 'Screens Theatre' }).click()
    await page.getByRole('button', { name: /^save$/i }).click()
    await page.waitForURL(/\/admin\/collections\/api-keys\/[0-9a-f-]{36}/, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: /generate secret/i }).click()
    await page.locator('.api-key-secret__value').waitFor({ timeout: 30_000 })
    const hint = await page
      .locator('.field-description', { hasText: 'Partners send it' })
      .first()
      .innerText()
    expect(hint).toContain('Partners send it as Authorization: Bearer <key>.')
    await page.screenshot({ path: screenshotPath('screens-key-secret-hint') })
  })

  it('shows a hook’s refusal beside its field: a key bound to an organisation one only edits', async () => {
    await signInAs(editor)
    await open('/admin/collections/api-keys/create')
    // A busy server: the form-state answer the last change asked for comes after the save's
    // 400. It ran no hook, so it calls the field valid; the refusal must stay.
    const slowFormState = async (route: Route): Promise<void> => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 2_000))
      await route.continue()
    }
    await page.route('**/admin/collections/api-keys/create', slowFormState)
    await page.locator('#field-name').pressSequentially('Festival app', { delay: 20 })
    await page.locator('#field-tenants .rs__control').click()
    await page.locator('.rs__option', { hasText: 'Screens Festival' }).click()
    const refused = page.waitForResponse(
      (res) => res.url().includes('/api/api-keys') && res.request().method() === 'POST',
    )
    await page.getByRole('button', { name: /^save$/i }).click()
    expect((await refused).status()).toBe(400)
    const tenantsField = fieldError(page.locator('#field-tenants'))
    await page.waitForTimeout(5_000)
    await page.waitForLoadState('networkidle')
    await page.unroute('**/admin/collections/api-keys/create', slowFormState)
    await expect
      .poll(() => tenantsField.getAttribute('class'), { timeout: 15_000 })
      .toMatch(/\berror\b/)
    expect(await tenantsField.locator('.field-error').textContent()).toMatch(
      /only bind keys to tenants that you administer/,
    )
    await page.screenshot({ path: screenshotPath('screens-error-key-other-tenant') })
  })

  it('shows an upload’s refusal beside the file: a file that is not a readable image', async () => {
    await chooseTenant(tenants.theatre)
    await open('/admin/collections/media/create')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a picture'),
    })
    await page.fill('#field-alt', 'A poster')
    const refused = page.waitForResponse(
      (res) => res.url().includes('/api/media') && res.request().method() === 'POST',
    )
    await page.getByRole('button', { name: /^save$/i }).click()
    expect((await refused).status()).toBe(400)
    await page.waitForTimeout(3_000)
    const said = page.locator('.field-error', { hasText: 'The file is not a readable image.' })
    await said.first().waitFor({ state: 'attached', timeout: 15_000 })
    await page.screenshot({ path: screenshotPath('screens-error-unreadable-image') })
  })

  it('names each layout block’s row by its heading or label', async () => {
    await open(`/admin/collections/pages/${ids.page}`)
    const headers = page.locator('.blocks-field__row .block-row-label')
    await headers.first().waitFor({ timeout: 30_000 })
    const texts = await headers.allInnerTexts()
    expect(texts).toEqual([
      expect.stringMatching(/01[\s\S]*Event list[\s\S]*On this week/),
      expect.stringMatching(/02[\s\S]*Call to action[\s\S]*Book tickets/),
    ])
    expect(await page.locator('.blocks-field__row').first().innerText()).not.toContain('Untitled')
    await page.screenshot({ path: screenshotPath('screens-block-row-labels'), fullPage: true })
  })

  it('shows a picture of every block in the block picker', async () => {
    await open(`/admin/collections/pages/${ids.page}`)
    await page
      .locator('.field-type.blocks-field')
      .getByRole('button', { name: /add/i })
      .last()
      .click()
    const cards = page.locator('.blocks-drawer__block')
    await cards.first().waitFor({ timeout: 15_000 })
    const pictures = await cards.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: (img as HTMLImageElement).src.slice(0, 26),
        alt: (img as HTMLImageElement).alt,
        drawn: (img as HTMLImageElement).naturalWidth > 0,
      })),
    )
    expect(pictures).toHaveLength(5)
    for (const picture of pictures) {
      expect(picture.src).toBe('data:image/svg+xml;utf8,%3')
      expect(picture.alt.length).toBeGreaterThan(5)
      expect(picture.drawn).toBe(true)
    }
    await page.screenshot({ path: screenshotPath('screens-block-picker') })
    await page.keyboard.press('Escape')
  })

  it('heads the schedule drawer “Scheduled changes” and names each change’s time zone', async () => {
    // A change scheduled by the API is listed with the organisation's zone.
    const payload = await getTestPayload()
    await scheduleChange({
      payload,
      collection: 'events',
      id: ids.event!,
      action: 'publish',
      at: new Date(Date.now() + 3 * 86_400_000),
    })
    await open(`/admin/collections/events/${ids.event}`)
    await page.locator('#action-save-popup').getByRole('button').first().click()
    await page.locator('#schedule-publish').click()
    const drawer = page.locator('.schedule-publish')
    await drawer.waitFor()
    expect(await drawer.innerText()).toContain('Scheduled changes')
    expect(await drawer.innerText()).not.toContain('Upcoming Events')
    const row = drawer.locator('.table tbody tr').first()
    await row.waitFor({ timeout: 15_000 })
    expect(await row.innerText()).toContain('Europe/Amsterdam')
    expect(await row.innerText()).not.toContain('No value')
    await page.screenshot({ path: screenshotPath('screens-schedule-drawer') })
    await page.keyboard.press('Escape')
  })

  it('warns about an image without alt text, in the list and on the image', async () => {
    await open('/admin/collections/media')
    const rows = page.locator('.table tbody tr')
    await rows.first().waitFor()
    await expect
      .poll(async () => (await rows.allInnerTexts()).join('\n'), { timeout: 15_000 })
      .toMatch(/Missing/)
    expect((await rows.allInnerTexts()).join('\n')).toContain('The company on a bare stage')
    await page.screenshot({ path: screenshotPath('screens-media-missing-alt') })

    await open(`/admin/collections/media/${ids.bare}`)
    const warning = page.locator('.alt-text-warning')
    await warning.waitFor({ timeout: 30_000 })
    expect(await warning.innerText()).toMatch(/No alt text/)
    await page.screenshot({ path: screenshotPath('screens-media-alt-warning'), fullPage: true })
    await page.locator('#field-alt').pressSequentially('An empty stage', { delay: 20 })
    await warning.waitFor({ state: 'detached' })
  })
})
