import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { layoutBlocks } from '../../blocks'
import { imageField } from '../../fields/image'
import { slugFields } from '../../fields/slug'
import { themeFields } from '../../fields/slugSet'
import { titleField } from '../../fields/title'
import { urlField } from '../../fields/url'
import { setPublishedAt } from '../../hooks/setPublishedAt'
import { eventListCount } from './eventListCount'
import { deriveRelativePath } from './hooks/deriveRelativePath'
import { refuseParentCycles } from './hooks/refuseParentCycles'
import type { CollectionFacts } from '../facts'
import { namedHooks } from '../../lib/hookNames'

/** Website pages. `parent` and `breadcrumbs` come from the nested-docs plugin (see plugins/). */
export const Pages: CollectionConfig = {
  slug: 'pages',
  custom: {
    linkable: true,
    seo: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'pages',
      schema: 'Page',
      tag: 'Pages',
    },
  } satisfies CollectionFacts,
  labels: { singular: 'Page', plural: 'Pages' },
  admin: {
    useAsTitle: 'title',
    group: 'Site',
    defaultColumns: ['title', 'relativePath', '_status', 'showInNavigation', 'updatedAt'],
  },
  access: contentAccess,
  // Drafts are validated too: a draft that takes another record's slug is refused when saved,
  // not first when someone publishes it.
  versions: { drafts: { validate: true, schedulePublish: true }, maxPerDoc: 50 },
  indexes: [{ fields: ['slug', 'tenant'], unique: true }],
  hooks: {
    beforeValidate: namedHooks({ refuseParentCycles }),
    beforeChange: namedHooks({ deriveRelativePath, setPublishedAt }),
  },
  fields: [
    titleField(),
    imageField(),
    {
      name: 'layout',
      type: 'blocks',
      blocks: layoutBlocks,
      maxRows: 60,
      validate: eventListCount,
      admin: { description: 'The page, top to bottom: text, pictures, buttons, event lists.' },
    },
    {
      type: 'row',
      fields: [
        { name: 'showInNavigation', type: 'checkbox', defaultValue: true },
        { name: 'showInSearch', type: 'checkbox', defaultValue: true },
      ],
    },
    {
      name: 'order',
      type: 'text',
      admin: { description: 'Sort key among siblings in navigation ("010", "020", ...).' },
    },
    ...slugFields({ collection: 'pages' }),
    {
      name: 'relativePath',
      type: 'text',
      index: true,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'The path through the parent pages.',
      },
    },
    urlField({
      admin: { position: 'sidebar', readOnly: true, description: 'Same as the relative path.' },
    }),
    ...themeFields(),
    {
      name: 'publishedAt',
      type: 'date',
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
  ],
}
