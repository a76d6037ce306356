import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { nulFieldPath } from './nulField'

const fields: Field[] = [
  { name: 'title', type: 'text' },
  {
    name: 'layout',
    type: 'blocks',
    blocks: [{ slug: 'eventList', fields: [{ name: 'heading', type: 'text' }] }],
  },
  { name: 'description', type: 'richText' },
]

describe('nulFieldPath', () => {
  it('names the innermost field holding a NUL', () => {
    expect(nulFieldPath({ fields, data: { title: 'a\u0000b' } })).toBe('title')
    expect(
      nulFieldPath({
        fields,
        data: {
          layout: [
            { blockType: 'eventList', heading: 'ok' },
            { blockType: 'eventList', heading: '\u0000' },
          ],
        },
      }),
    ).toBe('layout.1.heading')
    expect(
      nulFieldPath({
        fields,
        data: { description: { root: { children: [{ text: 'x\u0000' }] } } },
      }),
    ).toBe('description')
  })

  it('answers nothing when no field holds one', () => {
    expect(nulFieldPath({ fields, data: { title: 'fine' } })).toBeUndefined()
    expect(nulFieldPath({ fields, data: { stray: '\u0000' } })).toBeUndefined()
  })
})
