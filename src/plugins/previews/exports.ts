/**
 * The preview plugin's public surface: the plugin, its partner routes, the keyless reads it
 * gives the partner API, and what a retired key's links become.
 */
import type { GuestAccess } from '../partnerApi/exports/routes'
import { previewKinds } from './defaults'
import { previewAccess } from './tokens/admit'

export { previews } from './index'
export { previewRoutes } from './partner/routes'
export { revokeLinksOfRetiredKey } from './links/revoke'
export { signPreviewToken, readPreviewToken, type PreviewClaims } from './tokens/token'
export type { PreviewInput } from './options'

/** `partnerApi({ guestReads })`: each shareable kind's retrieve admits a valid preview token. */
export const previewReads: Readonly<Record<string, GuestAccess>> = Object.fromEntries(
  Object.entries(previewKinds).map(([path, collection]) => [path, previewAccess(collection)]),
)
