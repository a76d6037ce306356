import os from 'node:os'

import { withPayload } from '@payloadcms/next/withPayload'

/**
 * Next serves its development resources to localhost only, so the admin opened at 127.0.0.1 or
 * at the machine's address was a blank page. Loopback, this machine's own addresses and the
 * configured SERVER_URL host may load them (development only; a build ignores this).
 */
const developmentOrigins = () => {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]'])
  for (const addresses of Object.values(os.networkInterfaces()))
    for (const { address, family } of addresses ?? [])
      hosts.add(family === 'IPv6' ? `[${address}]` : address)
  try {
    if (process.env.SERVER_URL) hosts.add(new URL(process.env.SERVER_URL).hostname)
  } catch {
    // An unparsable SERVER_URL is reported by the settings; here it adds nothing.
  }
  return [...hosts]
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The partner API and the admin are all that is served; no image optimisation of remote hosts.
  images: { unoptimized: true },
  // Tests and a second checkout build into their own folder so they never fight over `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm run typecheck` checks the whole project; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  allowedDevOrigins: developmentOrigins(),
  // It reads its VTIMEZONE files beside its own module at run time: bundled, it finds none.
  serverExternalPackages: ['@touch4it/ical-timezones'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
