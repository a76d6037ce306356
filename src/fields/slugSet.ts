import type { Field } from 'payload'

import { imageField } from './image'
import { slugFields } from './slug'
import { titleField } from './title'
import { urlField } from './url'

/**
 * The spec's "slug set" (slug, slugLock, themeTemplate, image, url, lastUsedThemeKey) with the
 * title it is made from. Series have no url and blogs no lastUsedThemeKey, hence the switches.
 */
export const slugSetFields = ({
  collection,
  url = true,
  lastUsedThemeKey = true,
}: {
  collection: string
  url?: boolean
  lastUsedThemeKey?: boolean
}): Field[] => [
  titleField(),
  ...slugFields({ collection }),
  imageField(),
  ...(url ? [urlField()] : []),
  ...themeFields({ lastUsedThemeKey }),
]

export const themeFields = ({
  lastUsedThemeKey = true,
}: { lastUsedThemeKey?: boolean } = {}): Field[] => [
  {
    name: 'themeTemplate',
    type: 'text',
    admin: {
      position: 'sidebar',
      description: 'The website theme template this record renders with.',
    },
  },
  ...(lastUsedThemeKey
    ? [
        {
          name: 'lastUsedThemeKey',
          type: 'text',
          admin: { position: 'sidebar', description: 'Set by the website builder.' },
        } satisfies Field,
      ]
    : []),
]
