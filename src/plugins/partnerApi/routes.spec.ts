import { describe, expect, it } from 'vitest'

import type { KindSpec } from './kinds/declared'
import { matchRoute, routesFor } from './routes'

const kind = (path: string, schema: string, tag: string): KindSpec => ({
  path,
  schema,
  tag,
  collection: 'events',
  drafts: false,
  upload: false,
  searchable: false,
})

const routes = routesFor([
  kind('events', 'Event', 'Events'),
  kind('event-instances', 'EventInstance', 'Event instances'),
])

describe('the route table', () => {
  it('has five operations per declared kind, with stable ids and summaries', () => {
    expect(routes.map((r) => `${r.method} ${r.path} ${r.operationId}`)).toEqual([
      'GET /{tenant}/events listEvents',
      'POST /{tenant}/events createEvents',
      'GET /{tenant}/events/{id} retrieveEvents',
      'PATCH /{tenant}/events/{id} updateEvents',
      'DELETE /{tenant}/events/{id} deleteEvents',
      'GET /{tenant}/event-instances listEventInstances',
      'POST /{tenant}/event-instances createEventInstances',
      'GET /{tenant}/event-instances/{id} retrieveEventInstances',
      'PATCH /{tenant}/event-instances/{id} updateEventInstances',
      'DELETE /{tenant}/event-instances/{id} deleteEventInstances',
    ])
    expect(routes.find((r) => r.operationId === 'createEventInstances')?.summary).toBe(
      'Create an event instance',
    )
    expect(routes.filter((r) => r.scope === 'write').map((r) => r.method)).toEqual([
      'POST',
      'PATCH',
      'DELETE',
      'POST',
      'PATCH',
      'DELETE',
    ])
  })

  it('matches a path, answers the allowed methods, or nothing', () => {
    expect(
      matchRoute({ routes, method: 'GET', segments: ['harbour', 'events', 'x'] }),
    ).toMatchObject({
      match: { route: { operation: 'retrieve' }, params: { tenant: 'harbour', id: 'x' } },
    })
    expect(matchRoute({ routes, method: 'PUT', segments: ['harbour', 'events'] })).toEqual({
      allowed: ['GET', 'POST'],
    })
    expect(matchRoute({ routes, method: 'GET', segments: ['harbour', 'works'] })).toBeUndefined()
    expect(
      matchRoute({ routes, method: 'GET', segments: ['harbour', 'events', 'x', 'y'] }),
    ).toBeUndefined()
    expect(matchRoute({ routes, method: 'GET', segments: ['harbour'] })).toBeUndefined()
  })
})
