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
  // Typing before React hydrates the form is lost, and on a busy machine hydration can end
  // after the network settles: the form then comes back empty ("Please enter a valid email
  // address") and is filled again.
  await page.waitForLoadState('networkidle')
  const dashboard = page.locator('.dashboard')
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.fill('#field-email', email)
    await page.fill('#field-password', password)
    await page.click('button[type="submit"]')
    if (
      await dashboard.waitFor({ timeout: 20_000 }).then(
        () => true,
        () => false,
      )
    )
      return
    // Gone from the form (signing in is slow): wait on. Still there and emptied: fill again.
    const typed = await page
      .locator('#field-email')
      .inputValue({ timeout: 1_000 })
      .catch(() => null)
    if (typed !== '') {
      await dashboard.waitFor({ timeout: 60_000 })
      return
    }
  }
  throw new Error('the login form was emptied by hydration three times')
}

/**
 * Clicks until the click has had its effect. Payload's drawers validate their form on the
 * server as fields change; a click that lands while that check is in flight is dropped. On a
 * machine busy with the integration tests beside the browser's, a check can take seconds: a
 * block added to a page once needed more than 30 s of tries.
 */
export const clickUntil = async ({
  click,
  done,
  timeoutMs = 60_000,
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
