import type { TextFieldSingleValidation } from 'payload'

import { outboundRefusal } from '../../../lib/outbound'
import { webhookOptions } from '../options'

/**
 * Where deliveries may go: an absolute http(s) URL (https only in production) that does not
 * point at a private address, as for a media `src`. Checked again, address by address, at
 * every delivery. A private address is refused in the words a delivery to a name that does
 * not resolve fails with, so creating subscriptions probes nothing.
 */
export const validateTarget: TextFieldSingleValidation = (value, { req }) => {
  if (typeof value !== 'string' || !value.trim()) return 'A target URL is required.'
  if (value.length > 2000) return 'The URL is too long (2,000 characters at most).'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Not a valid URL.'
  }
  const options = webhookOptions(req.payload.config)
  if (url.protocol === 'http:' && !options.allowHttp && !options.allowedHosts.includes(url.host))
    return 'The target must use https.'
  const refusal = outboundRefusal({ url, allowedHosts: options.allowedHosts })
  return refusal ? `The target ${refusal}.` : true
}
