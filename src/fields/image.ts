import type { UploadField } from 'payload'

/** A picture from the tenant's media library (media and files are one store). */
export const imageField = (overrides: Partial<UploadField> = {}): UploadField =>
  ({
    name: 'image',
    type: 'upload',
    relationTo: 'media',
    ...overrides,
  }) as UploadField
