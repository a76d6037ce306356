import type { Plugin } from 'payload'

import { withShareButton } from './admin/shareField'
import { shareEndpoint } from './admin/shareEndpoint'
import { previewLinksCollection } from './links/collection'
import { resolveOptions, type PreviewInput } from './options'

/**
 * Draft previews, config → config: the `preview-links` collection (tenant-owned: place it
 * before the tenancy plugins) with the admin's share endpoint, the "Share preview link" button
 * on events and pages, and the options recorded on the configuration. Its partner routes and
 * keyless reads are handed to `partnerApi` separately (`exports.ts`).
 */
export const previews =
  (input: PreviewInput = {}): Plugin =>
  (config) => ({
    ...config,
    collections: [
      ...withShareButton(config.collections ?? []),
      { ...previewLinksCollection, endpoints: [shareEndpoint] },
    ],
    custom: { ...config.custom, previews: resolveOptions(input) },
  })
