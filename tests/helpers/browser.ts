import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'

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
