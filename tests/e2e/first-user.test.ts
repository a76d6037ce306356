import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase, startApp, type RunningApp } from '../helpers/app'
import { launchBrowser, screenshotPath } from '../helpers/browser'

describe('the admin in a real browser', () => {
  let app: RunningApp
  let browser: Browser

  beforeAll(async () => {
    // An installation of its own: other tests have made users in the run's database already.
    app = await startApp({ databaseUri: await freshDatabase('first_user') })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('creates the first user and shows the dashboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${app.origin}/admin`)
    await page.waitForURL(/\/admin\/create-first-user/, { timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    // The form says what it makes, and asks nothing the server decides for this account.
    const note = page.locator('.first-user-note')
    await note.waitFor()
    expect(await note.innerText()).toMatch(/creates the installation.s administrator/i)
    expect(await page.locator('#field-roles').count()).toBe(0)
    expect(await page.locator('#field-tenants').isVisible()).toBe(false)
    expect(await page.locator('form').innerText()).not.toMatch(/\bRoles\b/)
    await page.screenshot({ path: screenshotPath('first-user-form'), fullPage: true })
    await page.fill('#field-email', 'first@example.com')
    await page.fill('#field-password', 'a-long-first-password')
    await page.fill('#field-confirm-password', 'a-long-first-password')
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 60_000 })
    await page.locator('.dashboard').waitFor({ timeout: 60_000 })
    await page.locator('a[href="/admin/collections/tenants"]').first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    const file = screenshotPath('admin-dashboard')
    await page.screenshot({ path: file, fullPage: true })
    expect(fs.statSync(file).size).toBeGreaterThan(10_000)

    // The account made there is a super-admin and can use the API with its session.
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json())
    expect(me.user.email).toBe('first@example.com')
    expect(me.user.roles).toEqual(['super-admin'])
  })
})
