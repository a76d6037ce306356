import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { mediaDir } from '../../uploads/mediaDir'
import { allowedMimeTypes } from '../../uploads/mediaTypes'
import { absoluteSources } from './hooks/absoluteSources'
import { prepareUpload } from './hooks/prepareUpload'
import { setPrefix } from './hooks/setPrefix'
import type { CollectionFacts } from '../facts'
import { namedHooks } from '../../lib/hookNames'

// The partner API's media input checks a file's type against the same list.
export { allowedMimeTypes }

/**
 * Media and files are one store: every upload is a media record, images get the `thumbnail`
 * and `opengraph` sizes, and the partner file list shows the same records in the File shape.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  custom: {
    tenantOwned: true,
    partner: [
      {
        path: 'media',
        schema: 'Media',
        tag: 'Media',
      },
      {
        path: 'files',
        schema: 'File',
        tag: 'Files',
        pick: [
          'id',
          'createdAt',
          'updatedAt',
          'tenant',
          'src',
          'tags',
          'prefix',
          'folder',
          'url',
          'thumbnailURL',
          'filename',
          'mimeType',
          'filesize',
          'width',
          'height',
          'focalX',
          'focalY',
        ],
      },
    ],
  } satisfies CollectionFacts,
  labels: { singular: 'Media item', plural: 'Media' },
  admin: {
    // Editors know a file by the name it had on their computer, not the name it is stored under.
    useAsTitle: 'originalFilename',
    listSearchableFields: ['originalFilename', 'alt', 'caption', 'credit', 'filename'],
    group: 'Media',
    defaultColumns: ['originalFilename', 'alt', 'folder', 'mimeType', 'updatedAt'],
  },
  access: contentAccess,
  upload: {
    staticDir: mediaDir(),
    mimeTypes: allowedMimeTypes,
    adminThumbnail: 'thumbnail',
    focalPoint: true,
    crop: true,
    imageSizes: [
      { name: 'thumbnail', width: 400, height: 300, position: 'centre' },
      { name: 'opengraph', width: 1200, height: 630, position: 'centre' },
    ],
  },
  hooks: {
    beforeOperation: namedHooks({ prepareUpload }),
    beforeChange: namedHooks({ setPrefix }),
    afterRead: namedHooks({ absoluteSources }),
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      maxLength: 500,
      label: 'Alt text',
      admin: {
        description:
          'What the image shows, for people who cannot see it: screen readers read it aloud, and search engines index it. Please fill it in; leave it empty only for a purely decorative image.',
        components: { Cell: '/components/cells/AltTextCell#AltTextCell' },
      },
    },
    {
      name: 'altTextWarning',
      type: 'ui',
      admin: { components: { Field: '/components/AltTextWarning#AltTextWarning' } },
    },
    { name: 'caption', type: 'textarea' },
    {
      name: 'originalFilename',
      type: 'text',
      admin: {
        readOnly: true,
        description: 'The name the file had when it was uploaded; it is stored under its own.',
      },
    },
    { name: 'credit', type: 'text', admin: { description: 'Photographer or rights holder.' } },
    { name: 'tags', type: 'relationship', relationTo: 'media-tags', hasMany: true },
    { name: 'folder', type: 'relationship', relationTo: 'folders', index: true },
    {
      name: 'metadata',
      type: 'array',
      admin: { description: 'Free key/value pairs (rights, source system ids, ...).' },
      fields: [
        { name: 'key', type: 'text', required: true },
        { name: 'value', type: 'text' },
      ],
    },
    // What the server keeps for integrations: folded away, read-only.
    {
      type: 'collapsible',
      label: 'Advanced',
      admin: { initCollapsed: true, description: 'Kept by the server for websites and partners.' },
      fields: [
        {
          name: 'src',
          type: 'text',
          virtual: true,
          label: 'File address',
          admin: { readOnly: true, description: 'Absolute URL of the original file.' },
        },
        {
          name: 'src_opengraph',
          type: 'text',
          virtual: true,
          label: 'Open Graph image address',
          admin: { readOnly: true, description: 'Absolute URL of the 1200×630 Open Graph image.' },
        },
        {
          name: 'prefix',
          type: 'text',
          label: 'Storage folder',
          admin: {
            readOnly: true,
            description: "The tenant's id: the folder the file belongs to in storage.",
          },
        },
      ],
    },
    // The storage adapter's column for browser uploads (off here), declared with or without a
    // bucket so that both run on one schema.
    { name: '_objectKey', type: 'text', hidden: true },
  ],
}
