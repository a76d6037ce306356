import type { OpenAPIV3_1 } from 'openapi-types'
import type { SanitizedConfig } from 'payload'

import { partnerKinds } from '../kinds/model'
import { apiVersion, listDefaults, partnerBasePath } from '../defaults'
import { partnerOptions } from '../options'
import { routesOf } from '../routes/table'
import type {
  ApiTag,
  DocumentContext,
  Header,
  Parameter,
  PartnerRoute,
  Reference,
  JsonSchema,
} from '../types'
import { problemTitle } from '../../../lib/problem'
import { tenantSlugPattern } from '../../../lib/tenantSlugPattern'
import { hoistBlocks } from './blockComponents'
import { describeApi } from './description'
import { header, paramRef, schemaRef } from '../routes/recordParts'

/**
 * An operation per method. openapi-types' 3.1 PathItemObject also intersects 3.0's, whose
 * schemas a 3.1 schema does not satisfy; the document's paths are typed by 3.1 alone.
 */
export type PathItem = Partial<
  Record<'get' | 'post' | 'patch' | 'delete', OpenAPIV3_1.OperationObject>
>

export type OpenApiDocument = Omit<OpenAPIV3_1.Document, 'paths' | 'webhooks'> & {
  paths: Record<string, PathItem>
  webhooks?: Record<string, PathItem>
}

const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', description: 'A URI naming the kind of problem.' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    requestId: {
      type: 'string',
      description:
        "The request's id, as in its `X-Request-Id` answer header: quote it when reporting a problem.",
    },
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

/** Headers an error answer always carries, by status. */
const problemHeaders: Record<number, Record<string, Header>> = {
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

const problemResponse = (
  status: number,
  description = problemTitle(status),
): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/problem+json': { schema: schemaRef('Problem') } },
  ...(problemHeaders[status] ? { headers: problemHeaders[status] } : {}),
})

const documentHeaders: Record<string, Header> = {
  ETag: header({ description: 'Changes when the document does.', schema: { type: 'string' } }),
  'Cache-Control': header({ description: 'How long to keep it.', schema: { type: 'string' } }),
}

/** A GET's answer when the ETag sent is current. */
const notModified = (route: PartnerRoute): OpenAPIV3_1.ResponsesObject =>
  route.method === 'GET' && route.success.cached
    ? {
        '304': {
          description: 'Not modified: the ETag sent with If-None-Match is current.',
          ...(route.success.headers ? { headers: route.success.headers } : {}),
        },
      }
    : {}

const requestBodyOf = (route: PartnerRoute): OpenAPIV3_1.RequestBodyObject | undefined => {
  const { body } = route.input
  if (!body) return undefined
  return {
    required: true,
    content: {
      'application/json': { schema: schemaRef(body.schema) },
      ...(body.type === 'media' ? { 'multipart/form-data': { schema: body.multipart } } : {}),
    },
  }
}

/** A route's operation, written from its declaration alone. */
const operationOf = ({
  route,
  context,
}: {
  route: PartnerRoute
  context: DocumentContext
}): OpenAPIV3_1.OperationObject => {
  const { success, input } = route
  const parameters: (Parameter | Reference)[] = [
    paramRef('tenant'),
    ...Object.values(input.params ?? {}),
    ...(input.query?.parameters(context) ?? []),
    ...(input.headers ?? []).map(({ doc }) => doc),
  ]
  const requestBody = requestBodyOf(route)
  const description = [route.description, route.guest?.description].filter(Boolean).join('\n\n')
  const mediaType = success.mediaType ?? 'application/json'
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: [route.tag.name],
    // An empty requirement: the route also answers without a key, as its description says.
    security: route.guest ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(success.status)]: {
        description: success.description,
        ...(success.schema
          ? { content: { [mediaType]: { schema: schemaRef(success.schema) } } }
          : success.mediaType
            ? { content: { [mediaType]: { schema: { type: 'string' } } } }
            : {}),
        ...(success.headers ? { headers: success.headers } : {}),
      },
      ...notModified(route),
      ...Object.fromEntries(
        route.errors.map((status) => [
          String(status),
          problemResponse(status, route.errorDescriptions?.[status]),
        ]),
      ),
    },
  }
}

/** Each tag once, where it first appears. */
const tagsOf = (routes: readonly PartnerRoute[]): ApiTag[] =>
  routes
    .map((route) => route.tag)
    .filter((tag, i, all) => all.findIndex((t) => t.name === tag.name) === i)

/** The OpenAPI 3.1 document of the partner API, from the route table and the collections. */
export const buildOpenApi31 = ({
  config,
  serverUrl,
}: {
  config: SanitizedConfig
  serverUrl: string
}): OpenApiDocument => {
  const context: DocumentContext = { config, kinds: [...partnerKinds({ config }).keys()] }
  const routes = routesOf(config)
  const schemas: Record<string, JsonSchema> = { Problem: problemSchema }
  const webhooks: Record<string, PathItem> = {}
  const paths: Record<string, PathItem> = {}
  for (const route of routes) {
    Object.assign(schemas, route.schemas?.(context))
    Object.assign(webhooks, route.messages?.(context))
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: operationOf({ route, context }),
    }
  }
  Object.assign(schemas, hoistBlocks(schemas))
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
      ...tagsOf(routes),
      { name: 'Specification', description: 'This document, in OpenAPI 3.1, 3.0 and Swagger 2.0.' },
    ],
    paths,
    ...(Object.keys(webhooks).length > 0 ? { webhooks } : {}),
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
