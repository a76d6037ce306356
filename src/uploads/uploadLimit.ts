import type { SanitizedConfig } from 'payload'

/**
 * The largest file an upload may be: the installation's limit is Payload's own, so the admin,
 * the partner API and the box-office sync agree.
 */
export const uploadLimit = (config: SanitizedConfig): number => {
  const size = config.upload.limits?.fileSize
  return typeof size === 'number' && size > 0 ? size : Number.MAX_SAFE_INTEGER
}
