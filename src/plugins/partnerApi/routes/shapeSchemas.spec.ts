import { describe, expect, it } from 'vitest'

import { sanitizedConfig } from '../../../../tests/helpers/sanitizedConfig'
import { partnerKinds } from '../kinds/model'
import { expandableRead, selectionOf } from './shapeSchemas'

describe('the read schema of a kind with expandable references', () => {
  it('types each reference as its id or the target record, and each join as optional', async () => {
    const config = await sanitizedConfig({
      collections: [
        {
          slug: 'media',
          upload: true,
          custom: { partner: { path: 'media', schema: 'Media', tag: 'Media' } },
          fields: [],
        },
        {
          slug: 'events',
          custom: { partner: { path: 'events', schema: 'Event', tag: 'Events' } },
          fields: [
            { name: 'title', type: 'text' },
            { name: 'image', type: 'upload', relationTo: 'media' },
            { name: 'gallery', type: 'upload', relationTo: 'media', hasMany: true },
          ],
        },
        {
          slug: 'event-instances',
          custom: {
            partner: { path: 'event-instances', schema: 'EventInstance', tag: 'Event instances' },
          },
          fields: [
            { name: 'event', type: 'relationship', relationTo: 'events' },
            { name: 'startDate', type: 'date' },
            { name: 'hidden', type: 'checkbox' },
          ],
        },
      ],
    })
    const kind = partnerKinds({ config }).get('events')!
    const read = expandableRead({ config, kind })
    const media = { $ref: '#/components/schemas/Media' }
    expect(read.properties?.image).toEqual({ anyOf: [kind.read.properties?.image, media] })
    const gallery = read.properties?.gallery as { type: unknown; items: unknown }
    expect(gallery.type).toEqual(['array', 'null'])
    expect(gallery.items).toEqual({
      anyOf: [{ type: 'string', format: 'uuid', description: expect.any(String) }, media],
    })
    expect(read.properties?.performances).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/EventInstance' },
      maxItems: 20,
    })
    expect(read.required).not.toContain('performances')
    expect(read.required).toEqual(kind.read.required)
    expect(selectionOf(read, 'Events').required).toEqual(['id'])
  })
})
