'use client'
import { useFormFields } from '@payloadcms/ui'

import { lacksAltText, missingAltWarning } from '../collections/Media/altText'

/**
 * Beside a media file's alt text while an image has none. A warning, not a requirement: a
 * partner's upload without alt text is still accepted.
 */
export const AltTextWarning = () => {
  const alt = useFormFields(([fields]) => fields.alt?.value)
  const mimeType = useFormFields(([fields]) => fields.mimeType?.value)
  if (!lacksAltText({ alt, mimeType })) return null
  return (
    <div className="alt-text-warning" role="status">
      {missingAltWarning} Describe it in the alt text above.
    </div>
  )
}
