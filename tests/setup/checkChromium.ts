import fs from 'node:fs'

import { chromiumPath } from '../helpers/chromiumPath'

/**
 * The browser tests need Debian's chromium. Without it the run stops here, before the build,
 * with the one command that fixes it, instead of failing every browser test minutes later.
 */
export default function checkChromium(): void {
  const path = chromiumPath()
  try {
    fs.accessSync(path, fs.constants.X_OK)
  } catch {
    throw new Error(
      `The browser tests need Chromium at ${path}, and there is none.\n` +
        `Install it:  sudo apt-get install -y chromium fonts-liberation\n` +
        `(or set CHROMIUM_PATH to a Chromium binary; 'bash .ci/run' installs it by itself).`,
    )
  }
}
