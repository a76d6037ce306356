import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The partner API and the admin are all that is served; no image optimisation of remote hosts.
  images: { unoptimized: true },
  // Tests and a second checkout build into their own folder so they never fight over `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm run typecheck` checks the whole project; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
