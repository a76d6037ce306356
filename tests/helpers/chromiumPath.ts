/** Debian's chromium unless CHROMIUM_PATH names another. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium'
