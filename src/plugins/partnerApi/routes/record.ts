import type { Payload } from 'payload'

import type { KindSpec } from '../kinds/declared'
import { partnerKinds, type Kind } from '../kinds/model'
import { batchLimit } from '../defaults'
import { createRecord } from '../operations/create'
import { createRecords } from '../operations/createMany'
import { deleteRecord } from '../operations/delete'
import { listRecords } from '../operations/list'
import { retrieveRecord } from '../operations/retrieve'
import { updateRecord } from '../operations/update'
import { hasReplicas, readingFromReplicas } from '../../../db/readRouting'
import { caughtUp } from '../cache/freshness'
import { readVersionOf, type ReadVersion } from '../reads/version'
import { queryText, rememberedQueries } from '../reads/rememberedQueries'
import { fail, validationFailed } from '../../../lib/partnerProblem'
import { parseListQuery, parseRecordQuery, parseRetrieveQuery } from '../reads/listQuery'
import { readShapeOf, shapeClock, shapeParameters } from '../expand/params'
import { normaliseShape } from '../expand/paths'
import { shapeRecords } from '../expand/shape'
import { etagHeader, locationHeader, mediaMultipart, paramRef, readHeaders } from './recordParts'
import { recordSchemas } from './recordSchemas'
import type { PartnerRecord } from '../operations/types'
import type {
  GuestAccess,
  Method,
  PartnerRoute,
  RouteCall,
  RouteContext,
  RouteInput,
  RouteSuccess,
  Scope,
} from '../types'

export type Operation = 'list' | 'retrieve' | 'create' | 'update' | 'delete'

/** A declared kind with what its collection says for the document. */
export type RecordKind = KindSpec & {
  /** An update can break a uniqueness rule (a slug, a redirect's `from`, an attribute's `key`). */
  updateConflicts: boolean
  /** The tag's description. */
  description: string
  /** Who may retrieve one of its records without a key (`partnerApi({ guestReads })`). */
  guest?: GuestAccess
}

const camel = (name: string): string =>
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toUpperCase())

const common = [401, 403, 429, 503]

const operationShapes: Record<
  Operation,
  {
    method: Method
    scope: Scope
    successLabel: string
    successStatus: 200 | 201 | 204
    item: boolean
    errors: number[]
    verb: string
  }
> = {
  list: {
    method: 'GET',
    scope: 'read',
    successLabel: 'Successful response',
    successStatus: 200,
    item: false,
    errors: [400, ...common],
    verb: 'List',
  },
  retrieve: {
    method: 'GET',
    scope: 'read',
    successLabel: 'Successful response',
    successStatus: 200,
    item: true,
    errors: [400, ...common, 404],
    verb: 'Get',
  },
  create: {
    method: 'POST',
    scope: 'write',
    successLabel: 'Created',
    successStatus: 201,
    item: false,
    errors: [400, ...common, 409, 413, 415],
    verb: 'Create',
  },
  update: {
    method: 'PATCH',
    scope: 'write',
    successLabel: 'Updated',
    successStatus: 200,
    item: true,
    errors: [400, ...common, 404, 409, 412, 413, 415],
    verb: 'Update',
  },
  delete: {
    method: 'DELETE',
    scope: 'write',
    successLabel: 'Deleted',
    successStatus: 204,
    item: true,
    errors: [...common, 404, 412],
    verb: 'Delete',
  },
}

/** How each operation of a kind with drafts treats its versions. */
const draftsDescription: Record<Operation, string> = {
  list: 'Published records by default, each as published: what a website shows. `draft=true` (a key that may write) lists the latest version of every record, drafts included.',
  retrieve:
    'The published version by default; a record never published is a 404. `draft=true` (a key that may write) answers the latest version.',
  create:
    'Created as a draft unless `_status` is `published`: a draft is not seen by reads of published records.',
  update:
    '`"_status": "published"` publishes the record with the change. `"_status": "draft"`, or `draft=true`, saves a new draft version: the published version stays live, unchanged, until a later publish. Neither: the change keeps the latest version\'s status. `unpublish=true` withdraws the published version. The answer is the version saved.',
  delete: 'Deletes the record with its versions, published or not.',
}

const article = ({ operation, noun }: { operation: Operation; noun: string }): string =>
  operation === 'list' ? '' : operation !== 'create' ? 'one ' : /^[aeiou]/.test(noun) ? 'an ' : 'a '

const operations: Operation[] = ['list', 'create', 'retrieve', 'update', 'delete']

/** The kind's model in the running configuration: a kind of another configuration is a 404. */
const modelOf = ({ payload, path }: { payload: Pick<Payload, 'config'>; path: string }): Kind =>
  partnerKinds(payload).get(path) ?? fail({ status: 404, detail: `No partner kind "${path}".` })

type ListInput = ReturnType<typeof parseListQuery>

const listQueries = rememberedQueries<
  Omit<ListInput, 'expand' | 'select'> & ReturnType<typeof normaliseShape>
>()
type Flags = Record<string, boolean>
type RetrieveInput = ReturnType<typeof parseRetrieveQuery>

/** What an operation of a record kind declares beyond its shape. */
type Parts<Query, Result = unknown> = Pick<PartnerRoute<Query, Result>, 'input' | 'operation'> &
  Pick<RouteSuccess<Query, Result>, 'location' | 'cached'>

// Parts of any query go in one table: `operation` and the parsers are methods (bivariant).
const parts = <Query, Result = unknown>(declared: Parts<Query, Result>): Parts<unknown> => declared

/** The record operations' arguments: the kind's model, the path's id. */
const argsOf = ({ payload, principal, params }: RouteContext, path: string) => ({
  payload,
  principal,
  kind: modelOf({ payload, path }),
  id: params.id ?? '',
})

/** `draft` and `unpublish` flags, for a kind with drafts; documented as `docs` names them. */
const flagsQuery = ({
  kind,
  known,
  docs,
  guest,
}: {
  kind: RecordKind
  known: string[]
  docs: string[]
  /** A retrieve's guest rule, whose parameters it accepts (and documents). */
  guest?: GuestAccess
}): NonNullable<RouteInput<Flags>['query']> => ({
  parse: ({ search, principal }) => {
    const query = parseRecordQuery({
      search,
      known: kind.drafts ? known : [],
      accepted: (guest?.parameters ?? []).map((parameter) => parameter.name),
    })
    // A read key asking for drafts is refused before anything is read.
    if (known.length === 1) readVersionOf({ principal, draft: query.draft ?? false })
    return query
  },
  parameters: () => [...(kind.drafts ? docs.map(paramRef) : []), ...(guest?.parameters ?? [])],
})

/**
 * The version a retrieve answers: a guest's pass to one record (a preview) reads that record's
 * latest version; everyone else as `draft` and their key allow.
 */
const versionOf = ({
  call,
  kind,
}: {
  call: RouteCall<{ draft?: boolean }>
  kind: RecordKind
}): ReadVersion => {
  const latestOf = call.principal.guest?.latestOf
  if (
    latestOf?.collection === kind.collection &&
    latestOf.id === (call.params.id ?? '').toLowerCase()
  )
    return 'latest'
  return readVersionOf({ principal: call.principal, draft: call.query.draft ?? false })
}

/**
 * A read that a replica may answer. With other instances about, a commit they acknowledged may
 * not be heard here yet, and the tenant's reads would not know to stay on the primary: every
 * commit acknowledged before the read is heard first (`caughtUp`), so a partner that wrote
 * through one instance reads its write through any other.
 */
const fromReplicas = async <T>({
  tenant,
  work,
}: {
  tenant: string
  work: () => Promise<T>
}): Promise<T> => {
  if (hasReplicas()) await caughtUp()
  return readingFromReplicas({ tenant, work })
}

const ifNoneMatch = [{ name: 'if-none-match', doc: paramRef('ifNoneMatch') }]
const ifMatch = [{ name: 'if-match', doc: paramRef('ifMatch') }]

/** Per operation: what it reads, what it runs, how its answer is kept or located. */
const partsOf = (kind: RecordKind): Record<Operation, Parts<unknown>> => ({
  list: parts<ListInput>({
    input: {
      query: {
        parse: ({ search, payload, principal }) => {
          const model = modelOf({ payload, path: kind.path })
          const parsed = listQueries({
            model,
            search,
            parse: () => {
              const query = parseListQuery({
                search,
                leaves: model.leaves,
                searchable: model.searchable,
                drafts: model.drafts,
              })
              const { expand: _expand, select: _select, ...rest } = query
              return {
                ...rest,
                ...normaliseShape({ config: payload.config, kind: model, params: query }),
              }
            },
          })
          // Who may read drafts is the principal's, asked every time.
          readVersionOf({ principal, draft: parsed.draft })
          return parsed
        },
        parameters: ({ config }) => [
          ...[
            ...['limit', 'page', 'cursor', 'sort', 'where', ...(kind.searchable ? ['search'] : [])],
            ...(kind.drafts ? ['draft'] : []),
          ].map(paramRef),
          ...shapeParameters({ config, kind: modelOf({ payload: { config }, path: kind.path }) }),
        ],
      },
      headers: ifNoneMatch,
    },
    operation: (call) =>
      fromReplicas({
        tenant: call.principal.tenant.id,
        work: async () => {
          const args = argsOf(call, kind.path)
          const version = readVersionOf({ principal: call.principal, draft: call.query.draft })
          const shape = readShapeOf({
            config: call.payload.config,
            kind: args.kind,
            query: call.query,
          })
          // Records only written out, neither expanded nor cut to a selection, may be shared.
          const shared = shape.tree.size === 0 && !shape.select
          const answer = await listRecords({ ...args, query: call.query, version, shared })
          const docs = await shapeRecords({
            context: { payload: call.payload, principal: call.principal, version },
            kind: args.kind,
            records: answer.docs,
            shape,
          })
          return { ...answer, docs }
        },
      }),
    // The query holds `draft`, and `expand` and `select` normalised: published and latest
    // answers, and answers of other shapes, are never one entry.
    cached: {
      resource: kind.path,
      key: (call) =>
        `list ${queryText(call.query as object)} ${shapeClock({ config: call.payload.config, kind: modelOf({ payload: call.payload, path: kind.path }), expand: call.query.expand })}`,
    },
  }),
  retrieve: parts<RetrieveInput>({
    input: {
      params: { id: paramRef('id') },
      query: {
        parse: ({ search, payload, principal }) => {
          const model = modelOf({ payload, path: kind.path })
          const params = parseRetrieveQuery({
            search,
            drafts: kind.drafts,
            accepted: (kind.guest?.parameters ?? []).map((parameter) => parameter.name),
          })
          readVersionOf({ principal, draft: params.draft })
          return {
            draft: params.draft,
            ...normaliseShape({ config: payload.config, kind: model, params }),
          }
        },
        parameters: ({ config }) => [
          ...(kind.drafts ? [paramRef('draft')] : []),
          ...shapeParameters({ config, kind: modelOf({ payload: { config }, path: kind.path }) }),
          ...(kind.guest?.parameters ?? []),
        ],
      },
      headers: ifNoneMatch,
    },
    operation: (call) =>
      fromReplicas({
        tenant: call.principal.tenant.id,
        work: async () => {
          const args = argsOf(call, kind.path)
          const record = await retrieveRecord({ ...args, version: versionOf({ call, kind }) })
          // What it expands is read as the caller may: a preview shows its one record's draft,
          // never the drafts of what that record names.
          const version = readVersionOf({ principal: call.principal, draft: call.query.draft })
          const [shaped] = await shapeRecords({
            context: { payload: call.payload, principal: call.principal, version },
            kind: args.kind,
            records: [record],
            shape: readShapeOf({ config: call.payload.config, kind: args.kind, query: call.query }),
          })
          return shaped
        },
      }),
    cached: {
      resource: kind.path,
      key: (call) =>
        // Both versions: a preview's expansions are published, a `draft=true` read's latest.
        `id ${versionOf({ call, kind })} ${readVersionOf({ principal: call.principal, draft: call.query.draft })} ${(call.params.id ?? '').toLowerCase()} ${call.query.expand ?? ''} ${call.query.select ?? ''} ${shapeClock({ config: call.payload.config, kind: modelOf({ payload: call.payload, path: kind.path }), expand: call.query.expand })}`,
    },
  }),
  create: parts<undefined, PartnerRecord>({
    input: {
      body: kind.upload
        ? { type: 'media', schema: `${kind.schema}Create`, multipart: mediaMultipart(kind.schema) }
        : { type: 'json', schema: `${kind.schema}Create` },
    },
    operation: async (call) =>
      (
        await createRecord({
          ...argsOf(call, kind.path),
          body: call.body,
          ...(call.file ? { file: call.file } : {}),
        })
      ).record,
    location: ({ call, result }) =>
      `/${call.principal.tenant.slug}/${kind.path}/${String(result.id)}`,
  }),
  update: parts<Flags>({
    input: {
      params: { id: paramRef('id') },
      query: flagsQuery({ kind, known: ['draft', 'unpublish'], docs: ['saveDraft', 'unpublish'] }),
      headers: ifMatch,
      body: { type: 'json', schema: `${kind.schema}Update` },
    },
    operation: (call) =>
      updateRecord({
        ...argsOf(call, kind.path),
        ifMatch: call.headers['if-match'] ?? null,
        body: call.body,
        mode: { draft: call.query.draft ?? false, unpublish: call.query.unpublish ?? false },
      }),
  }),
  delete: parts<undefined>({
    input: { params: { id: paramRef('id') }, headers: ifMatch },
    operation: (call) =>
      deleteRecord({ ...argsOf(call, kind.path), ifMatch: call.headers['if-match'] ?? null }),
  }),
})

/** The body of a batch: `records` and nothing else (each record is checked by its kind). */
const batchBodies = (body: unknown): unknown[] => {
  const { records, ...rest } = (body ?? {}) as Record<string, unknown>
  const problems = [
    ...(Array.isArray(records) ? [] : [{ field: 'records', message: 'Required: an array.' }]),
    ...Object.keys(rest).map((field) => ({ field, message: 'Unknown field.' })),
  ]
  if (problems.length > 0) validationFailed(problems)
  return records as unknown[]
}

/** `POST /{tenant}/{path}/batch` of a kind that offers it: many creates, all or none. */
const batchRoute = (kind: RecordKind): PartnerRoute => ({
  method: 'POST',
  path: `/{tenant}/${kind.path}/batch`,
  scope: 'write',
  tag: { name: kind.tag, description: kind.description },
  operationId: `create${camel(kind.path)}Batch`,
  summary: `Create many ${kind.tag.toLowerCase()} at once`,
  description: `Up to ${String(batchLimit)} records in one request, created in one transaction: every one, or none when any is refused. A refusal names the record by its place (\`records.3.startDate\`). Each record counts as a request against the key's rate limit.`,
  input: { body: { type: 'json', schema: `${kind.schema}BatchCreate` } },
  operation: (call) =>
    createRecords({ ...argsOf(call, kind.path), bodies: batchBodies(call.body) }),
  success: { status: 201, description: 'Created', schema: `${kind.schema}Batch` },
  errors: [400, ...common, 409, 413, 415],
})

/** The five routes of each record kind (and its batch), in the order the kinds are declared. */
export const recordRoutes = (kinds: readonly RecordKind[]): PartnerRoute[] =>
  kinds.flatMap((kind) => {
    const declared = partsOf(kind)
    const batch = kind.batchCreate ? [batchRoute(kind)] : []
    return [
      ...batch,
      ...operations.map((operation): PartnerRoute => {
        const shape = operationShapes[operation]
        const noun =
          operation === 'list'
            ? kind.tag.toLowerCase()
            : kind.schema.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
        const { location, cached, ...own } = declared[operation]
        return {
          method: shape.method,
          path: `/{tenant}/${kind.path}${shape.item ? '/{id}' : ''}`,
          scope: shape.scope,
          ...(operation === 'retrieve' && kind.guest ? { guest: kind.guest } : {}),
          tag: { name: kind.tag, description: kind.description },
          operationId: `${operation}${camel(kind.path)}`,
          summary: `${shape.verb} ${article({ operation, noun })}${noun}`,
          ...(kind.drafts ? { description: draftsDescription[operation] } : {}),
          ...own,
          success: {
            status: shape.successStatus,
            description: shape.successLabel,
            ...(shape.successStatus === 204
              ? {}
              : {
                  schema:
                    operation === 'list'
                      ? `${kind.schema}List`
                      : operation === 'retrieve'
                        ? `${kind.schema}Read`
                        : kind.schema,
                  headers:
                    shape.method === 'GET'
                      ? readHeaders
                      : {
                          ETag: etagHeader,
                          ...(operation === 'create' ? { Location: locationHeader } : {}),
                        },
                }),
            ...(shape.method === 'GET' || shape.successStatus === 204 ? {} : { etag: true }),
            ...(location ? { location } : {}),
            ...(cached ? { cached } : {}),
          },
          errors:
            operation === 'update' && !kind.updateConflicts
              ? shape.errors.filter((status) => status !== 409)
              : shape.errors,
          errorDescriptions: { 404: 'Not found' },
          ...(operation === 'list' ? { schemas: recordSchemas(kind.path) } : {}),
        }
      }),
    ]
  })
