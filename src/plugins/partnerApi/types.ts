import type { OpenAPIV3_1 } from 'openapi-types'
import type { Payload, PayloadRequest, SanitizedConfig } from 'payload'

import type { TenantMember } from '../../access/readScope'
import type { JsonSchema } from '../../lib/jsonSchema'
import type { ApiKey, Tenant } from '../../payload-types'

/**
 * What another plugin does when a key is revoked or deleted, in that write's transaction:
 * what a key made must not outlive it (its subscriptions, its scheduled changes).
 */
export type KeyRetirement = (args: {
  req: PayloadRequest
  key: Pick<ApiKey, 'id' | 'name' | 'prefix'>
  what: 'revoked' | 'deleted'
}) => Promise<void>

/**
 * How one collection appears in the partner API. A collection declares it on its own config
 * (`custom.partner`); the route table, the OpenAPI document, the validators and the tests all
 * follow from it (the tests' sample records are theirs: `tests/helpers/samples.ts`). Drafts and uploads are read from the collection itself.
 */
export type PartnerKindDeclaration = {
  /** The path segment: `/{tenant}/{path}`. */
  path: string
  /** The component schema name in the OpenAPI document (`Event`, `EventCreate`, …). */
  schema: string
  /** The OpenAPI tag, which is also the plural noun in operation summaries. */
  tag: string
  /** Only these fields are answered (the spec's File is Media seen as a plain file). */
  pick?: readonly string[]
  /** Offers `POST /{tenant}/{path}/batch`: many records in one request, all of them or none. */
  batchCreate?: boolean
}

declare module 'payload' {
  /** The partner API's fact about a collection; the others are in `src/collections/facts.ts`. */
  export interface CollectionCustom {
    /** The partner API's record kinds over this collection (media has two: media and files). */
    partner?: PartnerKindDeclaration | readonly PartnerKindDeclaration[]
  }
}

/** What a key may do: read, or read and write. */
export type Scope = 'read' | 'write'

/** The user a partner request acts as inside Payload: a member of the path's tenant only. */
export type PartnerPrincipal = {
  key: Pick<ApiKey, 'id' | 'name' | 'scope' | 'prefix' | 'rateLimit'>
  tenant: Tenant
  user: TenantMember & {
    /** The key acting: what the change log records as the author of a write. */
    apiKey: string
  }
  /** Set when no key was sent and the route admitted the request by its `guest` rule. */
  guest?: GuestPass
}

/**
 * What a request without a key was admitted as: it reads published records of the path's
 * tenant only, like a read key, except that a preview may read the latest version of the one
 * record it names.
 */
export type GuestPass = {
  /** Who it is, for logs and for the principal's key name: `calendar`, `preview`. */
  name: string
  /** The one record whose latest version (drafts included) this pass may read. */
  latestOf?: { collection: string; id: string }
}

/**
 * Who may call a route without an `Authorization` header (a calendar client cannot send one, a
 * signed-out reader of a shared preview has no key). `admit` answers the pass, or throws the
 * problem (401) that refuses it; it never sees another tenant than the path's.
 */
export type GuestAccess = {
  /** The query parameters the pass is read from, documented on the route and accepted by it. */
  parameters?: readonly Parameter[]
  /** How the document describes the route's keyless use. */
  description: string
  admit(args: {
    payload: Payload
    tenant: Tenant
    params: Readonly<Record<string, string>>
    search: URLSearchParams
  }): Promise<GuestPass>
}

/** A file a media create carries: uploaded in a multipart body, or fetched from its `src`. */
export type FetchedFile = { data: Buffer; mimetype: string; name: string; size: number }

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
  status: 200 | 201 | 202 | 204
  /** The response's description in the document (the spec's labels for record kinds). */
  description: string
  /** The component schema of the body; none for a 204 (or a text body, which is a string). */
  schema?: string
  /**
   * The body's media type when it is not `application/json`: `application/ld+json` (the
   * result as JSON), `text/calendar` (the result is the text to send).
   */
  mediaType?: string
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
  /** Requests without a key this route still answers, and as whom. */
  guest?: GuestAccess
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
