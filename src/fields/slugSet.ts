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
  // What the website's developers and its builder set, folded away from editors' daily fields.
  {
    type: 'collapsible',
    label: 'Advanced',
    admin: {
      position: 'sidebar',
      initCollapsed: true,
      description: 'Set by the website’s developers and its builder; rarely changed by hand.',
    },
    fields: [
      {
        name: 'themeTemplate',
        type: 'text',
        label: 'Theme template',
        admin: { description: 'The website theme template this record renders with.' },
      },
      ...(lastUsedThemeKey
        ? [
            {
              name: 'lastUsedThemeKey',
              type: 'text',
              label: 'Last used theme key',
              admin: { readOnly: true, description: 'Set by the website builder.' },
            } satisfies Field,
          ]
        : []),
    ],
  },
]
