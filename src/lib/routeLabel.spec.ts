import { describe, expect, it } from 'vitest'

import { pathOf, routeLabelOf } from './routeLabel'

describe('routeLabelOf', () => {
  it('names each family of routes, never the path', () => {
    expect(routeLabelOf('/api/media/file/abc.png?x=1')).toBe('media:file')
    expect(routeLabelOf('/api/partners/2025-07/openapi?version=3.0')).toBe('partner:document')
    expect(routeLabelOf('/api/partners/2025-07/docs')).toBe('partner:document')
    expect(routeLabelOf('/api/partners/2025-07/t/nothing/here')).toBe('partner:other')
    expect(routeLabelOf('/api/ready')).toBe('ops')
    expect(routeLabelOf('/api/graphql')).toBe('payload-graphql')
    expect(routeLabelOf('/api/events/123')).toBe('payload-rest')
    expect(routeLabelOf('/admin/collections/events')).toBe('admin')
    expect(routeLabelOf('/_next/static/chunk.js')).toBe('next-assets')
    expect(routeLabelOf('/anything/else')).toBe('other')
  })

  it('keeps the path without its query for the log', () => {
    expect(pathOf('/api/events?where[x]=1')).toBe('/api/events')
  })
})
