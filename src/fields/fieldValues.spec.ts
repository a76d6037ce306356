import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { eachFieldValue } from './fieldValues'

const fields: Field[] = [
  { name: 'title', type: 'text' },
  {
    type: 'tabs',
    tabs: [
      { label: 'Details', fields: [{ name: 'description', type: 'richText' }] },
      {
        name: 'meta',
        label: 'SEO',
        fields: [{ name: 'image', type: 'upload', relationTo: 'media' }],
      },
    ],
  },
  { type: 'row', fields: [{ name: 'season', type: 'relationship', relationTo: 'seasons' }] },
  { name: 'venue', type: 'group', fields: [{ name: 'city', type: 'text' }] },
  {
    name: 'layout',
    type: 'blocks',
    blocks: [
      { slug: 'richText', fields: [{ name: 'content', type: 'richText' }] },
      {
        slug: 'gallery',
        fields: [
          {
            name: 'images',
            type: 'array',
            fields: [{ name: 'image', type: 'upload', relationTo: 'media' }],
          },
        ],
      },
    ],
  },
  { name: 'secret', type: 'text', hidden: true },
]

const visited = (data: unknown, skip?: string) => {
  const seen: string[] = []
  eachFieldValue({
    fields,
    data,
    visit: ({ field, holder, path, block }) => {
      seen.push(`${path}${block ? `@${block.slug}` : ''}=${JSON.stringify(holder[field.name])}`)
      return path === skip ? 'skip' : undefined
    },
  })
  return seen
}

describe('eachFieldValue', () => {
  it('walks every named field through tabs, rows, groups, arrays and blocks, with its path', () => {
    expect(
      visited({
        title: 'T',
        description: 'D',
        meta: { image: 'm1' },
        season: 's1',
        venue: { city: 'Oslo' },
        layout: [
          { blockType: 'richText', content: 'C' },
          { blockType: 'gallery', images: [{ image: 'm2' }] },
        ],
        secret: 'x',
      }),
    ).toEqual([
      'title="T"',
      'description="D"',
      'meta.image="m1"',
      'season="s1"',
      'venue={"city":"Oslo"}',
      'venue.city="Oslo"',
      'layout=[{"blockType":"richText","content":"C"},{"blockType":"gallery","images":[{"image":"m2"}]}]',
      'layout.0.content@richText="C"',
      'layout.1.images@gallery=[{"image":"m2"}]',
      'layout.1.images.0.image@gallery="m2"',
      'secret="x"',
    ])
  })

  it('leaves a container’s insides out when the visit says skip', () => {
    const seen = visited({ venue: { city: 'Oslo' } }, 'venue')
    expect(seen).toContain('venue={"city":"Oslo"}')
    expect(seen).not.toContain('venue.city="Oslo"')
  })

  it('passes over values of the wrong shape: hostile data is walked, never trusted', () => {
    const seen = visited({
      meta: 'not an object',
      venue: [1, 2],
      layout: [
        null,
        7,
        { blockType: 'unknown', content: 'x' },
        { blockType: 'gallery', images: {} },
      ],
    })
    expect(seen.some((line) => line.startsWith('meta.'))).toBe(false)
    expect(seen.some((line) => line.startsWith('venue.'))).toBe(false)
    expect(seen.filter((line) => line.startsWith('layout.'))).toEqual([
      'layout.3.images@gallery={}',
    ])
    expect(() => eachFieldValue({ fields, data: null, visit: () => undefined })).not.toThrow()
  })
})
