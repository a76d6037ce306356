import type { OpenAPIV3_1 } from 'openapi-types'
import type { Payload, SanitizedConfig } from 'payload'

import type { FetchedFile } from '../http/fetchedFile'
import type { JsonSchema } from '../kinds/jsonSchema'
import type { PartnerPrincipal, Scope } from '../keys/principal'

export type { Scope }
export type { JsonSchema }
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export type Reference = OpenAPIV3_1.ReferenceObject
export type Parameter = OpenAPIV3_1.ParameterObject
export type Header = OpenAPIV3_1.HeaderObject

/** What a document part is written from: the configuration and the record kinds it declares. */
export type DocumentContext = {
  config: SanitizedConfig
  /** Every record kind's path, in the order the collections declare them. */
  kinds: readonly string[]
}

/** An OpenAPI tag: the group a route is listed under in the document. */
export type ApiTag = { name: string; description: string }

/** What the dispatcher knows of a request once its route and key are settled. */
export type RouteContext = {
  payload: Payload
  principal: PartnerPrincipal
  /** The path's parameters: `tenant`, and each `{name}` of the template. */
  params: Readonly<Record<string, string>> & { tenant: string }
}

/** A request body: JSON checked by the operation against `schema`, or a media upload. */
export type BodyInput =
  | { type: 'json'; schema: string }
  | {
      /** A multipart file or a JSON body whose `src` the server fetches. */
      type: 'media'
      schema: string
      /** How the multipart form is documented. */
      multipart: JsonSchema
    }

/**
 * What a route reads from a request besides its path. The query parser throws the problem
 * (400, 403) itself; the header values reach the operation as sent, or null.
 */
export type RouteInput<Query> = {
  /** Documented path parameters other than `tenant`, by name. */
  params?: Readonly<Record<string, Parameter | Reference>>
  query?: {
    parse(args: RouteContext & { search: string }): Query
    parameters: (context: DocumentContext) => readonly (Parameter | Reference)[]
  }
  headers?: readonly { name: string; doc: Parameter | Reference }[]
  body?: BodyInput
}

/** What an operation is given: the parsed input, never a Request or a Response. */
export type RouteCall<Query> = RouteContext & {
  query: Query
  /** The body as read for `input.body`: a JSON object, or a media upload's fields. */
  body: Record<string, unknown>
  /** A media upload's file. */
  file?: FetchedFile
  /** Each declared header (lower case), as sent, or null. */
  headers: Readonly<Record<string, string | null>>
}

/** The success answer of a route. */
export type RouteSuccess<Query, Result> = {
  status: 200 | 201 | 204
  /** The response's description in the document (the spec's labels for record kinds). */
  description: string
  /** The component schema of the body; none for a 204. */
  schema?: string
  /** The headers the document gives the answer. */
  headers?: Readonly<Record<string, Header>>
  /** Where a created resource is, below the partner base: sent as `Location`. */
  location?(args: { call: RouteCall<Query>; result: Result }): string
  /** The body carries its ETag (a record just written). */
  etag?: boolean
  /**
   * A read kept in the read cache (`http/readAnswer.ts`) per tenant, `resource` and `key`:
   * tagged, revalidated with If-None-Match (304), `private, no-cache`.
   */
  cached?: { resource: string; key(call: RouteCall<Query>): string }
}

/**
 * One partner route, the whole contract: the dispatcher matches its method and path, the key
 * must hold its scope, its input is read as declared, its operation runs, and its answer is
 * written as declared. The OpenAPI document is written from the same declaration.
 */
export type PartnerRoute<Query = unknown, Result = unknown> = {
  method: Method
  /** A template below the partner base: `/{tenant}`, fixed segments, `{name}` parameters. */
  path: string
  scope: Scope
  tag: ApiTag
  operationId: string
  summary: string
  description?: string
  input: RouteInput<Query>
  // Method syntax: routes of different queries share one table (parameters are bivariant).
  operation(call: RouteCall<Query>): Promise<Result>
  success: RouteSuccess<Query, Result>
  /** Error statuses the route answers, each documented with the problem schema. */
  errors: readonly number[]
  /** Descriptions of error answers other than the status's title (a record's `Not found`). */
  errorDescriptions?: Readonly<Partial<Record<number, string>>>
  /** Component schemas the route's input and answers name, and any they name in turn. */
  schemas?: (context: DocumentContext) => Record<string, JsonSchema>
  /** Entries of the document's `webhooks` section: messages the API sends. */
  messages?: (
    context: DocumentContext,
  ) => Record<string, Partial<Record<'post', OpenAPIV3_1.OperationObject>>>
}
