import type { TextField, TextFieldSingleValidation } from 'payload'
import { text as textValidation } from 'payload/shared'

import { isSafeLinkUrl, unsafeLinkMessage } from '../lib/safeLinkUrl'

/** A link target partners' sites turn into `href`: nothing that runs script, however spelled. */
export const validateLink: TextFieldSingleValidation = (value, options) =>
  value && !isSafeLinkUrl(value) ? unsafeLinkMessage : textValidation(value, options)

/** A text field holding a link target: every one of them checked the same way. */
export const linkField = (
  overrides: Partial<Omit<TextField, 'hasMany' | 'validate'>> & { name: string },
): TextField =>
  ({ type: 'text', maxLength: 2_000, validate: validateLink, ...overrides }) as TextField
