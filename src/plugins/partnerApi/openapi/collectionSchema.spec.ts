import { describe, expect, it } from 'vitest'

import { sanitizedConfig } from '../../../../tests/helpers/sanitizedConfig'
import { collectionProperties } from './collectionSchema'

const config = await sanitizedConfig({
  collections: [
    {
      slug: 'hooks',
      fields: [
        { name: 'url', type: 'text', required: true, admin: { description: 'For editors.' } },
        { name: 'note', type: 'text', maxLength: 50 },
        { name: 'state', type: 'select', options: ['on', 'off'] },
        { name: 'tries', type: 'number' },
      ],
    },
  ],
})

describe('a resource’s properties from its collection’s fields', () => {
  it('takes types, enums and lengths from the fields, in the order named', () => {
    const properties = collectionProperties({
      config,
      slug: 'hooks',
      names: ['id', 'state', 'url', 'note', 'tries'],
      alwaysSet: ['url', 'state'],
      declared: { id: { type: 'string', format: 'uuid' } },
      refine: { url: { format: 'uri', description: 'For partners.' }, tries: { type: 'integer' } },
    })
    expect(Object.keys(properties)).toEqual(['id', 'state', 'url', 'note', 'tries'])
    expect(properties.id).toEqual({ type: 'string', format: 'uuid' })
    expect(properties.state).toMatchObject({ type: 'string', enum: ['on', 'off'] })
    expect(properties.url).toEqual({ type: 'string', format: 'uri', description: 'For partners.' })
    expect(properties.note).toEqual({ type: ['string', 'null'], maxLength: 50 })
    expect(properties.tries).toMatchObject({ type: 'integer' })
  })

  it('refuses a name the collection does not have', () => {
    expect(() => collectionProperties({ config, slug: 'hooks', names: ['nope'] })).toThrow(
      /no field nope/,
    )
  })
})
