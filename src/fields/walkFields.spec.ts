import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { fieldsAtLevel, innerOf, mapFields } from './walkFields'

const fields: Field[] = [
  { name: 'title', type: 'text' },
  {
    type: 'tabs',
    tabs: [
      { label: 'Details', fields: [{ name: 'description', type: 'richText' }] },
      { name: 'meta', label: 'SEO', fields: [{ name: 'image', type: 'text' }] },
    ],
  },
  {
    type: 'row',
    fields: [
      { name: 'season', type: 'text' },
      {
        type: 'collapsible',
        label: 'More',
        fields: [{ name: 'secret', type: 'text', hidden: true }],
      },
    ],
  },
  { name: 'venue', type: 'group', fields: [{ name: 'city', type: 'text' }] },
  { name: 'dates', type: 'array', fields: [{ name: 'at', type: 'date' }] },
  {
    name: 'layout',
    type: 'blocks',
    blocks: [{ slug: 'quote', fields: [{ name: 'text', type: 'text' }] }],
  },
]

describe('fieldsAtLevel', () => {
  it('looks through rows, collapsibles and unnamed tabs, in order', () => {
    expect(fieldsAtLevel({ fields }).map((e) => `${e.kind}:${e.name}`)).toEqual([
      'field:title',
      'field:description',
      'tab:meta',
      'field:season',
      'field:secret',
      'field:venue',
      'field:dates',
      'field:layout',
    ])
  })

  it('leaves out what `skip` names, with everything inside it', () => {
    const hidden = (field: Field) => 'hidden' in field && field.hidden === true
    expect(fieldsAtLevel({ fields, skip: hidden }).map((e) => e.name)).not.toContain('secret')
    const noRows = fieldsAtLevel({ fields, skip: (field) => field.type === 'row' })
    expect(noRows.map((e) => e.name)).not.toContain('season')
    expect(noRows.map((e) => e.name)).not.toContain('secret')
  })
})

describe('innerOf', () => {
  const entry = (name: string) => fieldsAtLevel({ fields }).find((e) => e.name === name)!

  it('says how a container holds its fields, and nothing for a value', () => {
    expect(innerOf(entry('meta'))).toMatchObject({ shape: 'object', fields: [{ name: 'image' }] })
    expect(innerOf(entry('venue'))).toMatchObject({ shape: 'object', fields: [{ name: 'city' }] })
    expect(innerOf(entry('dates'))).toMatchObject({ shape: 'rows', fields: [{ name: 'at' }] })
    expect(innerOf(entry('layout'))).toMatchObject({ shape: 'blocks', blocks: [{ slug: 'quote' }] })
    expect(innerOf(entry('title'))).toBeUndefined()
  })
})

describe('mapFields', () => {
  it('maps every field at every depth and keeps the tree', () => {
    const named: string[] = []
    const mapped = mapFields({
      fields,
      map: (field) => {
        if ('name' in field) named.push(field.name)
        return field.type === 'text' ? { ...field, maxLength: 9 } : field
      },
    })
    expect(named).toEqual([
      'title',
      'description',
      'image',
      'season',
      'secret',
      'city',
      'venue',
      'at',
      'dates',
      'text',
      'layout',
    ])
    expect(mapped).toHaveLength(fields.length)
    expect(fieldsAtLevel({ fields: mapped }).map((e) => e.name)).toEqual(
      fieldsAtLevel({ fields }).map((e) => e.name),
    )
    const venue = innerOf(fieldsAtLevel({ fields: mapped }).find((e) => e.name === 'venue')!)
    expect(venue).toMatchObject({ fields: [{ name: 'city', maxLength: 9 }] })
    const quote = innerOf(fieldsAtLevel({ fields: mapped }).find((e) => e.name === 'layout')!)
    expect(quote).toMatchObject({ blocks: [{ fields: [{ name: 'text', maxLength: 9 }] }] })
  })
})
