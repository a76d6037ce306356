import { describe, expect, it } from 'vitest'

import { sanitizedConfig } from '../../../../tests/helpers/sanitizedConfig'
import { resolveOptions } from '../options'
import type { PartnerRoute } from '../types'
import { buildOpenApi31 } from './build31'
import { toOpenApi30 } from './convert30'
import { toSwagger20 } from './convert20'

const contributed: PartnerRoute = {
  method: 'GET',
  path: '/{tenant}/things/{id}',
  scope: 'write',
  tag: { name: 'Things', description: 'Things of a tenant.' },
  operationId: 'retrieveThing',
  summary: 'Retrieve a thing',
  description: 'One thing.',
  input: {
    params: {
      id: { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    },
  },
  operation: () => Promise.resolve({}),
  success: { status: 200, description: 'Successful response', schema: 'Thing' },
  errors: [401, 404],
  schemas: ({ kinds }) => ({
    Thing: { type: 'object', properties: { kind: { type: ['string', 'null'], enum: [...kinds] } } },
    ThingMessage: { type: 'object', properties: { at: { type: 'string' } } },
  }),
  messages: () => ({
    'thing.made': {
      post: {
        operationId: 'receive_thing',
        requestBody: {
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ThingMessage' } },
          },
        },
        responses: { '200': { description: 'Received.' } },
      },
    },
  }),
}

const guest = {
  description: 'Answers without a key where the tenant allows it.',
  parameters: [{ name: 'pass', in: 'query' as const, schema: { type: 'string' as const } }],
  admit: () => Promise.resolve({ name: 'reader' }),
}

/** Below one thing, keyless, and not JSON: it takes no resource name of its own. */
const feed: PartnerRoute = {
  method: 'GET',
  path: '/{tenant}/works/{id}/feed',
  scope: 'read',
  guest,
  tag: { name: 'Things', description: 'Things of a tenant.' },
  operationId: 'thingFeed',
  summary: 'A thing as a feed',
  input: {},
  operation: () => Promise.resolve('BEGIN:VCALENDAR'),
  success: { status: 200, description: 'The feed', mediaType: 'text/calendar' },
  errors: [401],
}

const config = await sanitizedConfig({
  collections: [
    {
      slug: 'works',
      fields: [{ name: 'title', type: 'text', required: true, unique: true }],
      admin: { description: 'Plays and pieces.' },
      custom: {
        partner: {
          path: 'works',
          schema: 'Work',
          tag: 'Works',
        },
      },
    },
  ],
  custom: {
    partnerApi: resolveOptions({ routes: [contributed, feed], guestReads: { works: guest } }),
  },
})

const doc = buildOpenApi31({ config, serverUrl: 'https://cms.example' })

describe('the OpenAPI 3.1 document', () => {
  it('writes every declared route: the record kind’s five and the contributed one', () => {
    expect(Object.keys(doc.paths)).toEqual([
      '/{tenant}/works',
      '/{tenant}/works/{id}',
      '/{tenant}/things/{id}',
      '/{tenant}/works/{id}/feed',
      '/openapi',
    ])
    expect(doc.servers?.[0]?.url).toBe('https://cms.example/api/partners/2025-07')
    expect(doc.tags?.map((t) => t.name)).toEqual(['Works', 'Things', 'Specification'])
    expect(doc.tags?.[0]?.description).toBe('Plays and pieces. Operations on works of one tenant.')
  })

  it('writes a record route’s parameters, answers and errors from its declaration', () => {
    const update = doc.paths['/{tenant}/works/{id}']?.patch
    expect(update?.parameters).toEqual([
      { $ref: '#/components/parameters/tenant' },
      { $ref: '#/components/parameters/id' },
      { $ref: '#/components/parameters/ifMatch' },
    ])
    // `title` is unique and writable: an update can conflict.
    expect(Object.keys(update?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
      '413',
      '415',
      '429',
      '503',
    ])
    expect(update?.responses?.['404']).toMatchObject({ description: 'Not found' })
    const list = doc.paths['/{tenant}/works']?.get
    expect(list?.responses?.['304']).toBeDefined()
    expect(doc.components?.schemas?.WorkList).toBeDefined()
  })

  it('writes a contributed route: its own parameters, schemas and messages', () => {
    const thing = doc.paths['/{tenant}/things/{id}']?.get
    expect(thing).toMatchObject({
      operationId: 'retrieveThing',
      description: 'One thing.',
      tags: ['Things'],
      security: [{ bearerAuth: [] }],
    })
    expect(thing?.responses?.['304']).toBeUndefined()
    expect(thing?.responses?.['401']).toMatchObject({ description: 'Unauthorized' })
    expect(doc.components?.schemas?.Thing).toEqual({
      type: 'object',
      properties: { kind: { type: ['string', 'null'], enum: ['works'] } },
    })
    expect(Object.keys(doc.webhooks ?? {})).toEqual(['thing.made'])
  })

  it('documents keyless use and a media type other than JSON', () => {
    const feedOperation = doc.paths['/{tenant}/works/{id}/feed']?.get
    expect(feedOperation?.security).toEqual([{ bearerAuth: [] }, {}])
    expect(feedOperation?.description).toBe(guest.description)
    expect(feedOperation?.responses?.['200']).toMatchObject({
      content: { 'text/calendar': { schema: { type: 'string' } } },
    })
    const retrieve = doc.paths['/{tenant}/works/{id}']?.get
    expect(retrieve?.security).toEqual([{ bearerAuth: [] }, {}])
    expect(retrieve?.parameters).toContainEqual(guest.parameters[0])
    expect(doc.paths['/{tenant}/works']?.get?.security).toEqual([{ bearerAuth: [] }])
  })
})

describe('the 3.0 and 2.0 conversions', () => {
  it('3.0: type lists become nullable; no webhooks section, nor the schemas only it names', () => {
    const doc30 = toOpenApi30(doc)
    expect(doc30.openapi).toBe('3.0.3')
    expect(doc30.components?.schemas?.Thing).toEqual({
      type: 'object',
      properties: { kind: { type: 'string', nullable: true, enum: ['works'] } },
    })
    expect(doc30.components?.schemas?.ThingMessage).toBeUndefined()
    expect('webhooks' in doc30).toBe(false)
    expect(doc30.info.description).toMatch(/Webhook messages/)
  })

  it('2.0: definitions instead of components, refs rewritten, x-nullable', () => {
    const doc20 = toSwagger20(doc)
    expect(doc20.swagger).toBe('2.0')
    expect(doc20.host).toBe('cms.example')
    expect(doc20.basePath).toBe('/api/partners/2025-07')
    expect(doc20.definitions?.Thing).toEqual({
      type: 'object',
      properties: { kind: { type: 'string', 'x-nullable': true, enum: ['works'] } },
    })
    const thing = doc20.paths['/{tenant}/things/{id}']?.get
    expect(thing?.responses?.['200']).toMatchObject({
      schema: { $ref: '#/definitions/Thing' },
    })
  })
})
