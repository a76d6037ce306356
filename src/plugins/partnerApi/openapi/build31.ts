import type { OpenAPIV3_1 } from 'openapi-types'
import type { SanitizedCollectionConfig, SanitizedConfig } from 'payload'

import type { JsonSchema } from '../kinds/fieldSchema'
import { partnerKinds, type Kind } from '../kinds/model'
import { apiVersion, listDefaults, partnerBasePath } from '../defaults'
import { partnerOptions } from '../options'
import { routeErrors, routesOf, type Route } from '../routes'
import { problemTitle } from '../../../lib/problem'
import { tenantSlugPattern } from '../../../collections/Tenants/validateTenantSlug'
import { changeParameters, changeSchemas, changesTag } from './changes'
import { deliveryParameters, webhookMessages, webhookSchemas, webhooksTag } from './webhooks'
import { hoistBlocks } from './blockComponents'
import { scheduledParameters, scheduledSchemas, schedulingTag } from './scheduled'
import { schedulableKinds } from '../operations/scheduled'
import { describeApi } from './description'
import { tenantRoutes, type TenantRoute } from '../tenantRoutes'

export type OpenApiDocument = OpenAPIV3_1.Document

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', description: 'A URI naming the kind of problem.' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      description: 'For invalid input: each offending field.',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
}

const listEnvelope = (schema: string): JsonSchema => ({
  type: 'object',
  required: [
    'docs',
    'totalDocs',
    'limit',
    'totalPages',
    'page',
    'pagingCounter',
    'hasPrevPage',
    'hasNextPage',
    'prevPage',
    'nextPage',
    'nextCursor',
  ],
  properties: {
    docs: { type: 'array', items: ref(schema) },
    totalDocs: { type: 'integer' },
    limit: { type: 'integer' },
    totalPages: { type: 'integer' },
    page: { type: 'integer' },
    pagingCounter: { type: 'integer' },
    hasPrevPage: { type: 'boolean' },
    hasNextPage: { type: 'boolean' },
    prevPage: { type: ['integer', 'null'] },
    nextPage: { type: ['integer', 'null'] },
    nextCursor: {
      type: ['string', 'null'],
      description:
        'Pass it back as `cursor` for the next page (null on the last): as fast at page 500 as at page 2.',
    },
  },
})

/**
 * Fields of the record that the server sets (timestamps, tenant, derived URLs, file facts): a
 * client may send a record back as it got it, and these are ignored, not refused.
 */
const serverSetProperties = (kind: Kind): Record<string, JsonSchema> =>
  Object.fromEntries(
    kind.serverSetFields.map((name) => [
      name,
      { readOnly: true, description: 'Set by the server: answered, and ignored when sent.' },
    ]),
  )

/** A media create in JSON names the file to fetch instead of carrying it. */
const remoteSource: JsonSchema = {
  type: 'string',
  format: 'uri',
  description:
    'A public http(s) URL the server fetches the file from (no private, loopback or link-local addresses; redirects are checked again).',
}

/** The create body: the spec marks `id` required; a body without one still gets a fresh id. */
const createSchema = (kind: Kind): JsonSchema => ({
  ...kind.write,
  properties: {
    ...(kind.write.properties as object),
    ...serverSetProperties(kind),
    ...(kind.upload ? { src: remoteSource } : {}),
  },
  required: ['id', ...(kind.upload ? ['src'] : []), ...((kind.write.required as string[]) ?? [])],
})

const updateSchema = (kind: Kind): JsonSchema => ({
  ...kind.write,
  properties: { ...(kind.write.properties as object), ...serverSetProperties(kind) },
  required: ['id'],
})

const parameters: Record<string, OpenAPIV3_1.ParameterObject> = {
  tenant: {
    name: 'tenant',
    in: 'path',
    required: true,
    description: 'The tenant slug.',
    schema: { type: 'string', pattern: tenantSlugPattern.source },
  },
  id: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The record identifier.',
    schema: { type: 'string' },
  },
  limit: {
    name: 'limit',
    in: 'query',
    description: `Number of items to return (1–${listDefaults.maxLimit}, default ${listDefaults.limit}).`,
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: listDefaults.maxLimit,
      default: listDefaults.limit,
    },
  },
  page: {
    name: 'page',
    in: 'query',
    description: 'Page number, from 1.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  sort: {
    name: 'sort',
    in: 'query',
    description: `Sort field; a leading "-" means descending. Default "${listDefaults.sort}".`,
    schema: { type: 'string', default: listDefaults.sort },
  },
  cursor: {
    name: 'cursor',
    in: 'query',
    description:
      "Instead of `page`: the `nextCursor` of the answer before, which reads the next page straight from an index however deep it is. It keeps that answer's sort.",
    schema: { type: 'string' },
  },
  search: {
    name: 'search',
    in: 'query',
    description:
      'Words to find in the title and text (descriptions, bodies, page blocks) of the tenant\'s records, as on a web search form: `"a phrase"`, `or`, `-without`. Every word must match, in the language the tenant writes in (other forms of a word where it sets one; whole words by default); at least one word must be one to find, not only `-without` (else 400). Without `sort` the best matches come first; combines with `where` and `page` (not `cursor`), over the best 1,000 matches. A tenant runs 2 searches at once per server, fewer while other tenants search too; 8 more wait their turn up to 2 s, then answer 429.',
    schema: { type: 'string', maxLength: 500 },
  },
  draft: {
    name: 'draft',
    in: 'query',
    description:
      'false (the default): the published version of each record, as websites show it; a record never published does not exist. true: the latest version, drafts included, for a key that may write (a read key asking is a 403).',
    schema: { type: 'boolean', default: false },
  },
  saveDraft: {
    name: 'draft',
    in: 'query',
    description:
      'true: save the change as a new draft version; the published version stays live until it is published. Not with `"_status": "published"` or `unpublish=true` (400).',
    schema: { type: 'boolean', default: false },
  },
  unpublish: {
    name: 'unpublish',
    in: 'query',
    description:
      'true: withdraw the published version (websites no longer see the record); the record stays, as a draft, with the body\'s changes. Not with `"_status": "published"` (400).',
    schema: { type: 'boolean', default: false },
  },
  ifNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description:
      'The ETag of an answer you hold: if nothing it shows has changed, the answer is 304 with no body.',
    schema: { type: 'string' },
  },
  ifMatch: {
    name: 'If-Match',
    in: 'header',
    description:
      'The ETag of the record as you last read it: the change is made only if the record still has it, else 412 and nothing changes. Two partners editing one record cannot overwrite each other this way.',
    schema: { type: 'string' },
  },
  where: {
    name: 'where',
    in: 'query',
    description:
      "Query filters in Payload's syntax: where[field][operator]=value (bracket notation), or a JSON string. See the API description.",
    style: 'deepObject',
    explode: true,
    schema: { type: 'object', additionalProperties: true },
  },
}

const paramRef = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` })

const header = ({ description, schema }: { description: string; schema: JsonSchema }) => ({
  description,
  required: true,
  schema,
})

/** Headers an error answer always carries, by status. */
const problemHeaders: Record<number, Record<string, JsonSchema>> = {
  401: {
    'WWW-Authenticate': header({
      description: 'The scheme to use: `Bearer realm="partners"`.',
      schema: { type: 'string' },
    }),
  },
  429: {
    'Retry-After': header({
      description: 'Seconds until the key, or the tenant past its share, may call again.',
      schema: { type: 'integer', minimum: 1 },
    }),
  },
  503: {
    'Retry-After': header({
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer', minimum: 1 },
    }),
  },
}

const problemResponse = (status: number): JsonSchema => ({
  description: problemTitle(status),
  content: { 'application/problem+json': { schema: ref('Problem') } },
  ...(problemHeaders[status] ? { headers: problemHeaders[status] } : {}),
})

/** A path parameter of a tenant route other than the tenant: a UUID. */
const uuidParameter = ({
  name,
  route,
}: {
  name: string
  route: TenantRoute
}): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description:
    name !== 'id'
      ? 'The delivery identifier.'
      : route.tag === 'Scheduling'
        ? 'The scheduled change’s identifier.'
        : 'The subscription identifier.',
  schema: { type: 'string', format: 'uuid' },
})

/** A tenant route's operation, written from its declaration. */
const tenantOperationOf = ({
  route,
  kindNames,
  schedulable,
}: {
  route: TenantRoute
  kindNames: string[]
  /** The kinds whose records can be scheduled. */
  schedulable: string[]
}): JsonSchema => {
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => name !== 'tenant')
    .map((name) => uuidParameter({ name, route }))
  const query =
    route.name === 'changes'
      ? changeParameters(kindNames)
      : route.name === 'listWebhookDeliveries'
        ? deliveryParameters
        : route.name === 'listScheduledChanges'
          ? scheduledParameters(schedulable)
          : []
  const { status, schema } = route.success
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    security: [{ bearerAuth: [] }],
    parameters: [paramRef('tenant'), ...pathParameters, ...query],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(route.body) } },
          },
        }
      : {}),
    responses: {
      [String(status)]: schema
        ? {
            description: status === 201 ? 'Created' : 'Successful response',
            content: { 'application/json': { schema: ref(schema) } },
          }
        : { description: 'No content' },
      ...Object.fromEntries(route.errors.map((code) => [String(code), problemResponse(code)])),
    },
  }
}

/** The tag of a record or list answer, the same on every instance for the same bytes. */
const etagHeader = header({
  description:
    'The tag of this answer: send it as If-None-Match to read again, as If-Match to change.',
  schema: { type: 'string' },
})

/** What a read answer carries: its tag, and that it must be checked again before reuse. */
const readHeaders: Record<string, JsonSchema> = {
  ETag: etagHeader,
  'Cache-Control': header({
    description: '`private, no-cache`: keep it, and revalidate with If-None-Match before use.',
    schema: { type: 'string' },
  }),
}

const documentHeaders: Record<string, JsonSchema> = {
  ETag: header({ description: 'Changes when the document does.', schema: { type: 'string' } }),
  'Cache-Control': header({ description: 'How long to keep it.', schema: { type: 'string' } }),
}

const operationOf = ({
  route,
  kind,
  collection,
}: {
  route: Route
  kind: Kind
  collection: SanitizedCollectionConfig
}): JsonSchema => {
  const item = route.path.endsWith('{id}')
  const success: JsonSchema =
    route.successStatus === 204
      ? { description: route.successLabel }
      : {
          description: route.successLabel,
          content: {
            'application/json': {
              schema: route.operation === 'list' ? ref(`${kind.schema}List`) : ref(kind.schema),
            },
          },
          headers:
            route.method === 'GET'
              ? readHeaders
              : {
                  ETag: etagHeader,
                  ...(route.successStatus === 201
                    ? {
                        Location: header({
                          description: 'Where the new record is.',
                          schema: { type: 'string' },
                        }),
                      }
                    : {}),
                },
        }
  const responses: Record<string, JsonSchema> = { [String(route.successStatus)]: success }
  if (route.method === 'GET')
    responses['304'] = {
      description: 'Not modified: the ETag sent with If-None-Match is current.',
      headers: readHeaders,
    }
  const writable = Object.keys((kind.write.properties as object | undefined) ?? {})
  for (const status of routeErrors({ route, collection, writable })) {
    responses[String(status)] =
      status === 404
        ? { ...problemResponse(404), description: 'Not found' }
        : problemResponse(status)
  }
  const body =
    route.operation === 'create'
      ? {
          required: true,
          content: {
            'application/json': { schema: ref(`${kind.schema}Create`) },
            ...(kind.upload
              ? {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      required: ['file'],
                      properties: {
                        file: {
                          type: 'string',
                          format: 'binary',
                          description: 'The file to upload.',
                        },
                        _payload: {
                          type: 'string',
                          description: 'The other fields, as a JSON object.',
                        },
                      },
                      additionalProperties: {
                        type: 'string',
                        description: `Or each text field of ${kind.schema}Create as a part of its own (\`alt\`, \`id\`, …); numbers, lists and objects go in \`_payload\`.`,
                      },
                    },
                  },
                }
              : {}),
          },
        }
      : route.operation === 'update'
        ? {
            required: true,
            content: { 'application/json': { schema: ref(`${kind.schema}Update`) } },
          }
        : undefined
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [kind.tag],
    security: [{ bearerAuth: [] }],
    parameters: [
      paramRef('tenant'),
      ...(item ? [paramRef('id')] : []),
      ...(route.operation === 'list'
        ? ['limit', 'page', 'cursor', 'sort', 'where', ...(kind.searchable ? ['search'] : [])].map(
            paramRef,
          )
        : []),
      ...(kind.drafts && route.method === 'GET' ? [paramRef('draft')] : []),
      ...(kind.drafts && route.operation === 'update'
        ? [paramRef('saveDraft'), paramRef('unpublish')]
        : []),
      ...(route.method === 'GET' ? [paramRef('ifNoneMatch')] : []),
      ...(route.operation === 'update' || route.operation === 'delete'
        ? [paramRef('ifMatch')]
        : []),
    ],
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(kind.drafts ? { description: draftsDescription[route.operation] } : {}),
  }
}

/** How each operation of a kind with drafts treats its versions. */
const draftsDescription: Record<Route['operation'], string> = {
  list: 'Published records by default, each as published: what a website shows. `draft=true` (a key that may write) lists the latest version of every record, drafts included.',
  retrieve:
    'The published version by default; a record never published is a 404. `draft=true` (a key that may write) answers the latest version.',
  create:
    'Created as a draft unless `_status` is `published`: a draft is not seen by reads of published records.',
  update:
    '`"_status": "published"` publishes the record with the change. `"_status": "draft"`, or `draft=true`, saves a new draft version: the published version stays live, unchanged, until a later publish. Neither: the change keeps the latest version\'s status. `unpublish=true` withdraws the published version. The answer is the version saved.',
  delete: 'Deletes the record with its versions, published or not.',
}

/** A tag says what its records are: the collection's own description for editors, when it has one. */
const collectionOf = ({
  config,
  slug,
}: {
  config: SanitizedConfig
  slug: string
}): SanitizedCollectionConfig => {
  const found = config.collections.find((c) => c.slug === slug)
  if (!found) throw new Error(`partner kind: no collection ${slug}`)
  return found
}

const tagDescription = ({ config, kind }: { config: SanitizedConfig; kind: Kind }): string => {
  const described = collectionOf({ config, slug: kind.collection }).admin?.description
  const own = typeof described === 'string' ? `${described} ` : ''
  return `${own}Operations on ${kind.tag.toLowerCase()} of one tenant.`
}

/** The OpenAPI 3.1 document of the partner API, from the route table and the collections. */
export const buildOpenApi31 = ({
  config,
  serverUrl,
}: {
  config: SanitizedConfig
  serverUrl: string
}): OpenApiDocument => {
  const kinds = partnerKinds({ config })
  const schemas: Record<string, JsonSchema> = { Problem: problemSchema }
  for (const kind of kinds.values()) {
    schemas[kind.schema] = {
      ...kind.read,
      description: `${kind.tag}: a record as the API answers it.`,
    }
    schemas[`${kind.schema}Create`] = createSchema(kind)
    schemas[`${kind.schema}Update`] = updateSchema(kind)
    schemas[`${kind.schema}List`] = listEnvelope(kind.schema)
  }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const route of routesOf(config)) {
    const kind = kinds.get(route.kind.path) as Kind
    paths[route.path] ??= {}
    ;(paths[route.path] as Record<string, JsonSchema>)[route.method.toLowerCase()] = operationOf({
      route,
      kind,
      collection: collectionOf({ config, slug: kind.collection }),
    })
  }
  Object.assign(schemas, hoistBlocks(schemas))
  const kindNames = [...kinds.keys()]
  Object.assign(schemas, changeSchemas(kindNames))
  Object.assign(schemas, webhookSchemas(kindNames))
  const schedulable = [...schedulableKinds({ config }).keys()]
  Object.assign(schemas, scheduledSchemas(schedulable))
  for (const route of tenantRoutes) {
    paths[route.path] ??= {}
    ;(paths[route.path] as Record<string, JsonSchema>)[route.method.toLowerCase()] =
      tenantOperationOf({ route, kindNames, schedulable })
  }
  paths['/openapi'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      tags: ['Specification'],
      security: [],
      parameters: [
        {
          name: 'format',
          in: 'query',
          description: 'Absent: OpenAPI 3.1. `openapi3.0`: OpenAPI 3.0. `swagger2.0`: Swagger 2.0.',
          schema: { type: 'string', enum: ['openapi3.1', 'openapi3.0', 'swagger2.0'] },
        },
        {
          name: 'If-None-Match',
          in: 'header',
          description: 'The ETag of a copy you hold: 304 while it is current.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'Successful response',
          headers: documentHeaders,
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '304': { description: 'Not modified: the ETag sent is current.', headers: documentHeaders },
        '400': problemResponse(400),
      },
    },
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arts CMS partner API',
      version: apiVersion,
      description: describeApi({ rateLimit: partnerOptions(config).rateLimitPerMinute }),
    },
    servers: [{ url: `${serverUrl}${partnerBasePath}`, description: 'Partner API base' }],
    tags: [
      ...[...kinds.values()].map((kind) => ({
        name: kind.tag,
        description: tagDescription({ config, kind }),
      })),
      changesTag,
      webhooksTag,
      schedulingTag,
      { name: 'Specification', description: 'This document, in OpenAPI 3.1, 3.0 and Swagger 2.0.' },
    ].filter((tag, i, all) => all.findIndex((t) => t.name === tag.name) === i),
    paths,
    webhooks: webhookMessages(),
    components: {
      schemas,
      parameters,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: `Authorization: Bearer cms_…`.',
        },
      },
    },
  }
}
