import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { clickUntil, launchBrowser, screenshotPath, signInToAdmin } from '../helpers/browser'
import { installationAdmin } from '../helpers/rest'
import { makeImage } from '../../src/seed/images'

const editor = { email: 'e2e-writer@example.com', password: 'e2e-writer-password' }

describe('an editor writing content', () => {
  let app: RunningApp
  let browser: Browser
  let page: Page
  let key = ''
  let eventId = ''
  let workId = ''
  let mediaId = ''

  beforeAll(async () => {
    // The queue is polled often, so a scheduled publish happens soon after its minute.
    app = await startApp({ env: { SCHEDULE_POLL_MS: '500' } })
    browser = await launchBrowser()
    const token = await installationAdmin({ origin: app.origin })
    const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` }
    const tenant = await fetch(`${app.origin}/api/tenants`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ slug: 'e2e-playhouse', name: 'E2E Playhouse' }),
    })
    expect(tenant.status, await tenant.clone().text()).toBe(201)
    const tenantId = ((await tenant.json()) as { doc: { id: string } }).doc.id
    const user = await fetch(`${app.origin}/api/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...editor, tenants: [{ tenant: tenantId, roles: ['editor'] }] }),
    })
    expect(user.status, await user.clone().text()).toBe(201)
    const created = await fetch(`${app.origin}/api/api-keys`, {
      method: 'POST',
      headers,
      // A key that may write reads the editor's drafts too (`draft=true`).
      body: JSON.stringify({ name: 'e2e partner', tenants: [tenantId], scope: 'write' }),
    })
    const keyId = ((await created.json()) as { doc: { id: string } }).doc.id
    // The secret is shown once, from its endpoint.
    const secret = await fetch(`${app.origin}/api/api-keys/${keyId}/secret`, {
      method: 'POST',
      headers,
    })
    key = ((await secret.json()) as { key: string }).key
    // A work to link to and a picture in the tenant's library.
    const work = await fetch(`${app.origin}/api/works`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tenant: tenantId, title: 'The Tempest', slug: 'the-tempest' }),
    })
    expect(work.status, await work.clone().text()).toBe(201)
    workId = ((await work.json()) as { doc: { id: string } }).doc.id
    const form = new FormData()
    const png = Buffer.from(await makeImage({ width: 640, height: 400 }))
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'island.png')
    form.append('_payload', JSON.stringify({ tenant: tenantId, alt: 'The island at dusk' }))
    const media = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
    expect(media.status, await media.clone().text()).toBe(201)
    mediaId = ((await media.json()) as { doc: { id: string } }).doc.id
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  })

  // A failed step leaves a picture of the page behind, named for its test.
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      const name = task.name.replace(/\W+/g, '-').slice(0, 60)
      await page?.screenshot({ path: screenshotPath(`failed-${name}`), fullPage: true })
    })
  })

  afterAll(async () => {
    await page
      ?.screenshot({ path: screenshotPath('writer-last'), fullPage: true })
      .catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  const partnerRead = async (kind: string, id: string) => {
    const latest = ['events', 'pages'].includes(kind) ? '?draft=true' : ''
    const res = await fetch(
      `${app.origin}/api/partners/2025-07/e2e-playhouse/${kind}/${id}${latest}`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    )
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  it('writes an event description with a heading, emphasis and a list; partners get JSON and HTML', async () => {
    await signInToAdmin({ page, origin: app.origin, ...editor })
    // One tenant: the admin works in it without asking.
    await page.goto(`${app.origin}/admin/collections/events/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'Twelfth Night')

    // The editor's Markdown shortcuts: "## " starts a heading, "- " a list, **…** is bold.
    // The description is the create form's one rich text editor.
    const editable = page.locator('.rich-text-lexical [contenteditable="true"]').first()
    await editable.click()
    await page.keyboard.type('## A comedy of errors')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Shipwrecked twins, ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('mistaken identity')
    await page.keyboard.press('Control+b')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Two acts')
    await page.keyboard.press('Enter')
    await page.keyboard.type('One interval')
    await page.screenshot({ path: screenshotPath('writer-description'), fullPage: true })

    await page.getByRole('button', { name: /save draft/i }).click()
    await page.waitForURL(/\/admin\/collections\/events\/[0-9a-f-]{36}/, { timeout: 30_000 })
    const id = page.url().split('/').pop()?.split('?')[0] ?? ''
    eventId = id

    const event = await partnerRead('events', id)
    const types = (
      event.description as { root: { children: { type: string }[] } }
    ).root.children.map((c) => c.type)
    expect(types).toEqual(expect.arrayContaining(['heading', 'paragraph', 'list']))
    const html = String(event.descriptionHtml)
    expect(html).toContain('<h2>A comedy of errors</h2>')
    expect(html).toContain('<strong>mistaken identity</strong>')
    expect(html).toMatch(/<ul[^>]*>.*Two acts.*One interval.*<\/ul>/s)
  })

  it('links words to a work and places a picture from the library, both answered resolved', async () => {
    await page.goto(`${app.origin}/admin/collections/events/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'The Tempest tonight')
    const editable = page.locator('.rich-text-lexical [contenteditable="true"]').first()
    // A picture from the library, from the slash menu.
    await editable.click()
    await page.keyboard.press('/')
    await page.keyboard.type('Upload')
    const slashMenu = page.locator('#slash-menu .slash-menu-popup')
    await slashMenu.waitFor()
    await slashMenu.locator('button').filter({ hasText: 'Upload' }).first().click()
    const library = page.locator('dialog[id^=list-drawer_1_]').first()
    await library.waitFor()
    // Files get names of the server's making: the row is the tenant's one picture.
    await library
      .locator('tbody tr')
      .filter({ hasText: 'The island at dusk' })
      .locator('button')
      .first()
      .click()
    await library.waitFor({ state: 'hidden' })
    await editable.locator('img:not([data-lexical-decorator-boundary])').first().waitFor()

    // Then words below it, two of them linked to the work.
    await page.keyboard.type('Read about the play')
    for (let i = 0; i < 'the play'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await page.locator('.inline-toolbar-popup .toolbar-popup__button-link').click()
    const linkDrawer = page.locator('.lexical-link-edit-drawer').first()
    await linkDrawer.waitFor()
    // An internal link: a record of the tenant, kept by id.
    await linkDrawer.getByText('Internal Link', { exact: true }).click()
    await linkDrawer.locator('.rs__input').first().click()
    const option = page.locator('.rs__option').filter({ hasText: 'The Tempest' }).first()
    await option.waitFor()
    await option.click()
    // Saved only once the work is really chosen (the options load after the menu opens).
    await linkDrawer.locator('.rs__single-value').filter({ hasText: 'The Tempest' }).waitFor()
    await clickUntil({
      click: () =>
        linkDrawer.getByRole('button', { name: /save changes/i }).click({ timeout: 2_000 }),
      done: async () => !(await linkDrawer.isVisible()),
    })
    await page.screenshot({ path: screenshotPath('writer-link-and-picture'), fullPage: true })

    await page.getByRole('button', { name: /save draft/i }).click()
    await page.waitForURL(/\/admin\/collections\/events\/[0-9a-f-]{36}/, { timeout: 30_000 })
    const id = page.url().split('/').pop()?.split('?')[0] ?? ''
    const event = await partnerRead('events', id)
    const json = JSON.stringify(event.description)
    expect(json).toContain('"linkType":"internal"')
    expect(json).toContain(workId)
    expect(json).toContain('"type":"upload"')
    expect(json).toContain(mediaId)
    const html = String(event.descriptionHtml)
    expect(html).toContain('<a href="/works/the-tempest">the play</a>')
    expect(html).toMatch(
      /<figure><img src="[^"]+" alt="The island at dusk" width="640" height="400"/,
    )
  })

  it('takes a programme pasted from a web page: its structure kept, anything unsafe dropped', async () => {
    await page.goto(`${app.origin}/admin/collections/works/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'Twelfth Night (pasted)')
    const editable = page.locator('.rich-text-lexical [contenteditable="true"]').first()
    await editable.click()
    // What a browser puts on the clipboard when someone copies a theatre's programme page.
    const html = [
      '<meta charset="utf-8"><div class="programme" style="font-family: Georgia">',
      '<h2 style="color:red">Synopsis</h2>',
      '<p>Shipwrecked on the coast of <b>Illyria</b>, Viola disguises herself as a young man,',
      ' <a href="https://example.org/twelfth-night">Cesario</a>.</p>',
      '<ul><li>Running time: 2h 40</li><li>One interval</li></ul>',
      '<blockquote>If music be the food of love, play on.</blockquote>',
      '<p><a href="javascript:alert(1)">Book now</a> <img src="x" onerror="alert(2)">',
      '<script>alert(3)</script><iframe src="https://evil.example"></iframe></p>',
      '<table><tr><td>Cast</td><td>Viola</td></tr></table>',
      '</div>',
    ].join('')
    await editable.evaluate((element, pasted) => {
      const data = new DataTransfer()
      data.setData('text/html', pasted)
      data.setData('text/plain', 'Synopsis')
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, html)
    await editable.getByText('If music be the food of love').waitFor()
    await page.screenshot({ path: screenshotPath('writer-pasted'), fullPage: true })
    // The page's picture is not in the library and its "Book now" runs script: saving says so,
    // and keeps nothing.
    await page.getByRole('button', { name: /^save$/i }).click()
    await page
      .locator('.field-error, .tooltip--error, .toast-error, [class*="error"]')
      .first()
      .waitFor()
    expect(page.url()).toMatch(/\/create$/)
    // The editor removes both, and the rest saves as pasted.
    await editable.locator('[data-lexical-decorator="true"]').first().click()
    await page.keyboard.press('Delete')
    // The caret into the script link, whose popover offers to remove it: the words stay.
    await expect
      .poll(async () => {
        await editable.evaluate((element) => {
          const words = [...element.querySelectorAll('a span, a')].find(
            (s) => s.textContent === 'Book now',
          )
          const text =
            words?.firstChild?.nodeType === 3
              ? words.firstChild
              : words?.querySelector('span')?.firstChild
          if (!text) return
          const range = document.createRange()
          range.setStart(text, 2)
          range.collapse(true)
          const selection = window.getSelection()
          selection?.removeAllRanges()
          selection?.addRange(range)
        })
        return page.locator('.link-editor .link-trash').isVisible()
      })
      .toBe(true)
    await page.locator('.link-editor .link-trash').click()
    await expect.poll(() => editable.locator('a').filter({ hasText: 'Book now' }).count()).toBe(0)
    await editable.getByText('Book now').waitFor()
    await page.getByRole('button', { name: /^save$/i }).click()
    await page.waitForURL(/\/admin\/collections\/works\/[0-9a-f-]{36}/, { timeout: 30_000 })
    const id = page.url().split('/').pop()?.split('?')[0] ?? ''
    const work = await partnerRead('works', id)
    const json = JSON.stringify(work.description)
    const kinds = new Set([...json.matchAll(/"type":"(\w+)"/g)].map((m) => m[1]))
    const allowed = [
      'root',
      'paragraph',
      'text',
      'heading',
      'list',
      'listitem',
      'quote',
      'link',
      'linebreak',
      'autolink',
      'upload',
      'horizontalrule',
    ]
    expect([...kinds].filter((k) => !allowed.includes(k!))).toEqual([])
    expect([...kinds]).toEqual(expect.arrayContaining(['heading', 'list', 'quote', 'link']))
    // The script link's words, kept as words.
    expect(String(work.descriptionHtml)).toMatch(/<p[^>]*>Book now<\/p>/)
    const out = String(work.descriptionHtml)
    expect(out).toContain('Synopsis</h2>')
    expect(out).toContain('href="https://example.org/twelfth-night"')
    expect(out).toMatch(/If music be the food of love/)
    for (const unsafe of [
      /<script/i,
      /javascript:/i,
      /onerror/i,
      /<iframe/i,
      /style="[^"]/i,
      /<img src="x"/,
    ])
      expect(out).not.toMatch(unsafe)
  })

  it('builds a page from three blocks', async () => {
    await page.goto(`${app.origin}/admin/collections/pages/create`)
    await page.waitForLoadState('networkidle')
    await page.fill('#field-title', 'Plan your visit')
    // A click that lands while the form checks itself with the server is dropped: each block
    // is chosen again until it is there (a drawer still open is used, not opened twice).
    const add = async ({ label, added }: { label: RegExp; added: string }) =>
      clickUntil({
        click: async () => {
          const choice = page.locator('.blocks-drawer, .drawer').last().getByText(label).first()
          if (!(await choice.isVisible()))
            await page
              .locator('#field-layout')
              .getByRole('button', { name: /add layout/i })
              .last()
              .click({ timeout: 5_000 })
          await choice.click({ timeout: 5_000 })
        },
        done: async () => (await page.locator(added).count()) > 0,
      })
    await add({ label: /^rich text$/i, added: '#field-layout [contenteditable="true"]' })
    await page.locator('#field-layout [contenteditable="true"]').first().click()
    await page.keyboard.type('Doors open an hour before the show.')
    await add({ label: /^call to action$/i, added: 'input[name="layout.1.label"]' })
    await page.locator('input[name="layout.1.label"]').fill('Book tickets')
    await page.locator('input[name="layout.1.link"]').fill('https://tickets.example.com/')
    await add({ label: /^event list$/i, added: 'input[name="layout.2.heading"]' })
    await page.locator('input[name="layout.2.heading"]').fill('Coming up')
    await page.screenshot({ path: screenshotPath('writer-page-layout'), fullPage: true })

    await page.getByRole('button', { name: /save draft/i }).click()
    await page.waitForURL(/\/admin\/collections\/pages\/[0-9a-f-]{36}/, { timeout: 30_000 })
    const id = page.url().split('/').pop()?.split('?')[0] ?? ''
    const stored = await partnerRead('pages', id)
    const layout = stored.layout as Record<string, unknown>[]
    expect(layout.map((b) => b.blockType)).toEqual(['richText', 'callToAction', 'eventList'])
    expect(layout[1]).toMatchObject({ label: 'Book tickets', link: 'https://tickets.example.com/' })
    expect(layout[2]).toMatchObject({ heading: 'Coming up', source: 'chosen' })
  })

  it('schedules the draft event to publish; partners see the schedule, then the published event', async () => {
    await page.goto(`${app.origin}/admin/collections/events/${eventId}`)
    await page.waitForLoadState('networkidle')
    await page.locator('#action-save-popup').getByRole('button').first().click()
    await page.locator('#schedule-publish').click()
    const drawer = page.locator('.schedule-publish')
    await drawer.waitFor()
    await drawer.locator('label[for$="-type-publish"]').click()
    // The next whole minute at least 30 seconds away, typed as the picker shows dates.
    const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000)
    const hours = at.getUTCHours()
    const typed = `${at.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${hours % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
    const input = drawer.locator('.date-time-picker input').first()
    await input.click()
    await input.fill(typed)
    await page.keyboard.press('Enter')
    await page.locator('#scheduled-publish-save').click()
    await drawer.locator('.table').waitFor({ timeout: 15_000 })
    await page.screenshot({ path: screenshotPath('writer-schedule'), fullPage: true })

    const listed = await fetch(
      `${app.origin}/api/partners/2025-07/e2e-playhouse/scheduled-changes?record=${eventId}`,
      { headers: { authorization: `Bearer ${key}` } },
    )
    const { docs } = (await listed.json()) as { docs: { action: string; at: string }[] }
    expect(docs).toHaveLength(1)
    expect(docs[0]?.action).toBe('publish')
    expect(new Date(docs[0]!.at).getTime()).toBe(at.getTime())
    expect((await partnerRead('events', eventId))._status).toBe('draft')

    const until = at.getTime() + 60_000
    let status = ''
    while (Date.now() < until) {
      status = String((await partnerRead('events', eventId))._status)
      if (status === 'published') break
      await new Promise((r) => setTimeout(r, 1_000))
    }
    expect(status).toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  })
})
