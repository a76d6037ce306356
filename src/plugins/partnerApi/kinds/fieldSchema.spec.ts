import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { buildFieldModel } from './fieldSchema'

const fields: Field[] = [
  { name: 'title', type: 'text', required: true, maxLength: 200 },
  { name: 'capacity', type: 'number', min: 0 },
  { name: 'status', type: 'select', options: ['open', { label: 'Closed', value: 'closed' }] },
  { name: 'venue', type: 'relationship', relationTo: 'venues' },
  { name: 'to', type: 'relationship', relationTo: ['pages', 'events'] },
  { name: 'url', type: 'text', admin: { readOnly: true } },
  { name: 'secret', type: 'text', hidden: true },
  {
    type: 'row',
    fields: [{ name: 'startDate', type: 'date' }],
  },
  { name: 'address', type: 'group', fields: [{ name: 'city', type: 'text' }] },
  { name: 'links', type: 'array', fields: [{ name: 'href', type: 'text', required: true }] },
  { name: 'ui', type: 'ui', admin: { components: { Field: 'x' } } },
]

const model = buildFieldModel({
  fields,
  options: {
    serverSet: (field) =>
      'admin' in field && Boolean(field.admin && 'readOnly' in field.admin && field.admin.readOnly),
    alwaysSet: (path) => path === 'title',
  },
})

describe('buildFieldModel', () => {
  it('answers every data field, nullable unless always set, and never a hidden one', () => {
    const read = model.read.properties as Record<string, Record<string, unknown>>
    expect(Object.keys(read)).toEqual([
      'title',
      'capacity',
      'status',
      'venue',
      'to',
      'url',
      'startDate',
      'address',
      'links',
    ])
    expect(read.title).toEqual({ type: 'string', maxLength: 200 })
    expect(read.capacity).toEqual({ type: ['number', 'null'], minimum: 0 })
    expect(read.status).toEqual({ type: ['string', 'null'], enum: ['open', 'closed', null] })
    expect(read.venue).toMatchObject({ type: ['string', 'null'], format: 'uuid' })
  })

  it('takes no server-set field and no unknown field in a write', () => {
    const write = model.write
    expect(write.additionalProperties).toBe(false)
    expect(Object.keys(write.properties as object)).not.toContain('url')
    expect(write.required).toEqual(['title'])
    const links = (
      write.properties as Record<string, { type: unknown; items: { required: string[] } }>
    ).links
    expect(links?.items.required).toEqual(['href'])
  })

  it('lists scalar paths to filter on, groups included and arrays not, a select with its values', () => {
    expect(model.leaves).toEqual([
      { path: 'title', type: 'string' },
      { path: 'capacity', type: 'number' },
      { path: 'status', type: 'string', options: ['open', 'closed'] },
      { path: 'venue', type: 'ref' },
      { path: 'to', type: 'ref' },
      { path: 'url', type: 'string' },
      { path: 'startDate', type: 'date-time' },
      { path: 'address.city', type: 'string' },
    ])
    expect(model.polymorphic).toEqual([{ path: 'to', relationTo: ['pages', 'events'] }])
  })

  it('projects a Payload document to ids and nulls, dropping what is not declared', () => {
    const projected = model.project({
      title: 'Hamlet',
      venue: { id: 'v1', title: 'Populated' },
      to: { relationTo: 'pages', value: { id: 'p1' } },
      secret: 'never',
      address: { city: 'Leeds' },
      links: [{ id: 'r1', href: '/a', extra: 1 }],
      _internal: true,
    })
    expect(projected).toEqual({
      title: 'Hamlet',
      capacity: null,
      status: null,
      venue: 'v1',
      to: 'p1',
      url: null,
      startDate: null,
      address: { city: 'Leeds' },
      links: [{ id: 'r1', href: '/a' }],
    })
  })
})
