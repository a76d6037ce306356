import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath } from '../helpers/browser'
import { partnerBase } from '../helpers/partner'
import { partnerRoutes, contributedRoutes } from '../helpers/kinds'
import { webhookMessages } from '../../src/plugins/webhooks/exports'

describe('the API reference page in a real browser', () => {
  let app: RunningApp
  let browser: Browser

  beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('renders every operation of the served document, loading nothing from elsewhere', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const requested: string[] = []
    const failures: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    page.on('requestfailed', (request) => failures.push(request.url()))
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`)
    })
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => failures.push(`page: ${error.message}`))

    const res = await page.goto(`${app.origin}${partnerBase}/docs`)
    expect(res?.status()).toBe(200)
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/)
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 60_000 })
    await expect
      .poll(() => page.locator('.opblock').count(), { timeout: 30_000 })
      // Every operation, the document's own, and each webhook message of the 3.1 section.
      .toBe(
        partnerRoutes.length + contributedRoutes.length + 1 + Object.keys(webhookMessages()).length,
      )
    expect(await page.locator('.swagger-ui .info .title').innerText()).toMatch(
      /Arts CMS partner API/,
    )
    expect(await page.locator('.swagger-ui .info').innerText()).toMatch(/Tenancy/)
    // The spec's operations are there by their ids, with the bearer scheme to authorize with.
    expect(await page.locator('.opblock-summary-operation-id').allInnerTexts()).toEqual(
      expect.arrayContaining(['createEvents', 'updateWorks', 'listPages', 'getOpenApiDocument']),
    )
    await page.locator('button.authorize').waitFor()
    await page.waitForLoadState('networkidle')
    const top = screenshotPath('api-reference-top')
    await page.screenshot({ path: top })
    expect(fs.statSync(top).size).toBeGreaterThan(20_000)

    // Open one operation: its parameters and responses with the spec's labels.
    await page.locator('#operations-Works-updateWorks .opblock-summary').click()
    const updateBlock = page.locator('#operations-Works-updateWorks')
    await updateBlock.locator('.responses-table').first().waitFor()
    const responses = await updateBlock.locator('.responses-table').first().innerText()
    expect(responses).toMatch(/Updated/)
    expect(responses).toMatch(/Not found/)

    await page.waitForLoadState('networkidle')
    const file = screenshotPath('api-reference-operation')
    await page.screenshot({ path: file, fullPage: false })
    expect(fs.statSync(file).size).toBeGreaterThan(20_000)

    const elsewhere = requested.filter(
      (url) => !url.startsWith(app.origin) && !url.startsWith('data:'),
    )
    expect(elsewhere).toEqual([])
    expect(failures).toEqual([])
  })

  it('serves only its own files', async () => {
    const res = await fetch(`${app.origin}${partnerBase}/docs/package.json`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    const traversal = await fetch(`${app.origin}${partnerBase}/docs/..%2F..%2Fpackage.json`)
    expect(traversal.status).toBe(404)
    const css = await fetch(`${app.origin}${partnerBase}/docs/swagger-ui.css`)
    expect(css.headers.get('content-type')).toMatch(/text\/css/)
    expect((await css.text()).length).toBeGreaterThan(10_000)
  })
})
