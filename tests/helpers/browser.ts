import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

import { projectRoot } from './app'
import { chromiumPath } from './chromiumPath'

export const screenshotDir = path.join(projectRoot, 'test-results', 'screenshots')

/** Debian's chromium, headless, with nothing that reaches out to the network by itself. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })

export const screenshotPath = (name: string): string => {
  fs.mkdirSync(screenshotDir, { recursive: true })
  return path.join(screenshotDir, `${name}.png`)
}

/** Signs in on the admin's login screen and waits for the dashboard. */
export const signInToAdmin = async ({
  page,
  origin,
  email,
  password,
}: {
  page: Page
  origin: string
  email: string
  password: string
}): Promise<void> => {
  await page.goto(`${origin}/admin/login`)
  // Typing before React hydrates the form is lost; wait for the page to settle first.
  await page.waitForLoadState('networkidle')
  await page.fill('#field-email', email)
  await page.fill('#field-password', password)
  await page.click('button[type="submit"]')
  await page.locator('.dashboard').waitFor({ timeout: 60_000 })
}

/**
 * Clicks until the click has had its effect. Payload's drawers validate their form on the
 * server as fields change; a click that lands while that check is in flight is dropped.
 */
export const clickUntil = async ({
  click,
  done,
  timeoutMs = 30_000,
}: {
  click: () => Promise<void>
  done: () => Promise<boolean>
  timeoutMs?: number
}): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await click().catch(() => undefined)
    const settleBy = Date.now() + 3_000
    while (Date.now() < settleBy) {
      if (await done()) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (Date.now() > deadline) throw new Error('the click never took effect')
  }
}

/**
 * The end of a browser test file: a picture of the last page, the browser closed, and what the
 * server said kept beside the screenshots (the first thing to read when a test failed).
 */
export const closeBrowserTest = async ({
  name,
  page,
  browser,
  app,
}: {
  name: string
  page?: Page
  browser?: Browser
  app?: { output: () => string; stop: () => Promise<unknown> }
}): Promise<void> => {
  await page
    ?.screenshot({ path: screenshotPath(`${name}-last`), fullPage: true })
    .catch(() => undefined)
  await browser?.close()
  if (app) {
    fs.writeFileSync(path.join(screenshotDir, `${name}-app.log`), app.output())
    await app.stop()
  }
}
