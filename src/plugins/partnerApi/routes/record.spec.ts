import { describe, expect, it } from 'vitest'

import { recordRoutes, type RecordKind } from './record'

const kind = (path: string, schema: string, tag: string, more: Partial<RecordKind> = {}) => ({
  path,
  schema,
  tag,
  collection: 'events' as const,
  drafts: false,
  upload: false,
  searchable: false,
  sample: { create: () => ({}), update: {} },
  updateConflicts: false,
  description: `Operations on ${tag.toLowerCase()} of one tenant.`,
  ...more,
})

const routes = recordRoutes([
  kind('events', 'Event', 'Events', { drafts: true, updateConflicts: true }),
  kind('event-instances', 'EventInstance', 'Event instances', { upload: true }),
])

const byId = (operationId: string) => routes.find((r) => r.operationId === operationId)

describe('record kinds as route declarations', () => {
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
    expect(byId('createEventInstances')?.summary).toBe('Create an event instance')
    expect(byId('listEventInstances')?.summary).toBe('List event instances')
    expect(routes.filter((r) => r.scope === 'write').map((r) => r.method)).toEqual([
      'POST',
      'PATCH',
      'DELETE',
      'POST',
      'PATCH',
      'DELETE',
    ])
  })

  it('declares the answers: labels, statuses, cached reads, written records', () => {
    expect(byId('createEvents')?.success).toMatchObject({
      status: 201,
      description: 'Created',
      schema: 'Event',
      etag: true,
    })
    expect(byId('deleteEvents')?.success).toEqual({ status: 204, description: 'Deleted' })
    expect(byId('listEvents')?.success.cached?.resource).toBe('events')
    expect(byId('retrieveEvents')?.success.cached?.resource).toBe('events')
    expect(byId('updateEvents')?.success.cached).toBeUndefined()
    expect(byId('retrieveEvents')?.errorDescriptions?.[404]).toBe('Not found')
  })

  it('documents 409 on an update only where a body can break a uniqueness rule', () => {
    expect(byId('updateEvents')?.errors).toContain(409)
    expect(byId('updateEventInstances')?.errors).not.toContain(409)
    expect(byId('createEventInstances')?.errors).toContain(409)
  })

  it('reads a JSON body, or an upload for a kind with files', () => {
    expect(byId('createEvents')?.input.body).toEqual({ type: 'json', schema: 'EventCreate' })
    expect(byId('createEventInstances')?.input.body?.type).toBe('media')
    expect(byId('updateEvents')?.input.headers?.map((h) => h.name)).toEqual(['if-match'])
    expect(byId('listEvents')?.input.headers?.map((h) => h.name)).toEqual(['if-none-match'])
  })

  it('describes drafts only for kinds that have them', () => {
    expect(byId('listEvents')?.description).toMatch(/Published records by default/)
    expect(byId('listEventInstances')?.description).toBeUndefined()
  })
})
