import { describe, expect, it } from 'vitest'

import { matchRoute, resourceOf } from './match'
import { reservedPaths } from './table'
import type { Method, PartnerRoute } from '../types'

const route = (method: Method, path: string): PartnerRoute => ({
  method,
  path,
  scope: 'read',
  tag: { name: 'T', description: '' },
  operationId: `${method} ${path}`,
  summary: '',
  input: {},
  operation: () => Promise.resolve(null),
  success: { status: 200, description: 'Successful response' },
  errors: [],
})

const routes = [
  route('GET', '/{tenant}/events'),
  route('POST', '/{tenant}/events'),
  route('GET', '/{tenant}/events/{id}'),
  route('GET', '/{tenant}/webhooks/{id}/deliveries'),
  route('POST', '/{tenant}/webhooks/{id}/deliveries/{deliveryId}/retry'),
  route('GET', '/{tenant}/webhooks'),
]

describe('the route matcher', () => {
  it('matches a path, with its parameters', () => {
    expect(matchRoute({ routes, method: 'GET', segments: ['harbour', 'events', 'x'] })).toEqual({
      match: { route: routes[2], params: { tenant: 'harbour', id: 'x' } },
    })
    expect(
      matchRoute({
        routes,
        method: 'POST',
        segments: ['harbour', 'webhooks', 'w', 'deliveries', 'd', 'retry'],
      }),
    ).toEqual({
      match: { route: routes[4], params: { tenant: 'harbour', id: 'w', deliveryId: 'd' } },
    })
  })

  it('answers the methods allowed where the path fits but the method does not', () => {
    expect(matchRoute({ routes, method: 'PUT', segments: ['harbour', 'events'] })).toEqual({
      allowed: ['GET', 'POST'],
    })
  })

  it('finds nothing for other paths, or an empty tenant', () => {
    expect(matchRoute({ routes, method: 'GET', segments: ['harbour', 'works'] })).toBeUndefined()
    expect(
      matchRoute({ routes, method: 'GET', segments: ['harbour', 'events', 'x', 'y'] }),
    ).toBeUndefined()
    expect(matchRoute({ routes, method: 'GET', segments: ['harbour'] })).toBeUndefined()
    expect(matchRoute({ routes, method: 'GET', segments: ['', 'events'] })).toBeUndefined()
  })

  it('reserves the resources contributed routes take, and the base’s own paths', () => {
    expect(resourceOf(routes[3]!)).toBe('webhooks')
    expect(reservedPaths(routes.slice(3))).toEqual(['webhooks', 'openapi', 'docs'])
  })

  it('reserves nothing for a route below one record: it extends that kind', () => {
    expect(reservedPaths([{ path: '/{tenant}/events/{id}/jsonld' }])).toEqual(['openapi', 'docs'])
  })
})
