import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

/** A record's name across collections: a client may choose a create's id. */
const recordOf = (collection: string, id: unknown): string => `${collection}\u0000${String(id)}`

type FindVersionsArgs = Parameters<PostgresAdapter['findVersions']>[0]

/** Per request: how many versions it saved of each record it created, by collection and id. */
const created = new WeakMap<Partial<PayloadRequest>, Map<string, number>>()

/**
 * Payload's question after each version it saves: which version is the `max`+1st newest of
 * the record (`enforceMaxVersions`), read in full to learn its time and prune from it.
 */
const pruningQuestion = (args: FindVersionsArgs): { parent: string; max: number } | undefined => {
  const parent = (args.where as { parent?: { equals?: unknown } } | undefined)?.parent?.equals
  const keys = Object.keys(args.where ?? {})
  if (
    args.limit !== 1 ||
    args.pagination !== false ||
    args.sort !== '-updatedAt' ||
    typeof args.page !== 'number' ||
    keys.length !== 1 ||
    (typeof parent !== 'string' && typeof parent !== 'number')
  )
    return undefined
  return { parent: String(parent), max: args.page - 1 }
}

/** The patched adapter's flag: this version is its record's first. */
const firstOf = <Args extends object>(args: Args): Args & { firstVersion: true } => ({
  ...args,
  firstVersion: true,
})

/**
 * A record created in this request has only the versions this request saved: while they are
 * no more than Payload keeps, nothing is pruned, and the question (a read of every column of a
 * version, one statement of a create's nine) is answered without asking PostgreSQL. Its first
 * version unmarks no earlier one (`firstVersion`, `patches/@payloadcms+drizzle+*.patch`).
 */
export const answerFirstVersions = (adapter: PostgresAdapter): void => {
  const create = adapter.create.bind(adapter)
  const createVersion = adapter.createVersion.bind(adapter)
  const findVersions = adapter.findVersions.bind(adapter)
  adapter.create = async (args) => {
    const doc = await create(args)
    if (args.req && doc?.id !== undefined) {
      let mine = created.get(args.req)
      if (!mine) created.set(args.req, (mine = new Map()))
      mine.set(recordOf(args.collection, doc.id), 0)
    }
    return doc
  }
  adapter.createVersion = async (args) => {
    const mine = args.req ? created.get(args.req) : undefined
    const record = recordOf(args.collectionSlug, args.parent)
    const saved = mine?.get(record)
    // The first version of a record created in this request has no earlier one to mark as no
    // longer the latest: the patched adapter then skips that UPDATE.
    const version = await createVersion(saved === 0 ? firstOf(args) : args)
    if (mine && saved !== undefined) mine.set(record, saved + 1)
    return version
  }
  adapter.findVersions = (async (args: FindVersionsArgs) => {
    const question = pruningQuestion(args)
    const saved =
      question && args.req
        ? created.get(args.req)?.get(recordOf(args.collection, question.parent))
        : undefined
    if (question && saved !== undefined && saved <= question.max)
      return {
        docs: [],
        hasNextPage: false,
        hasPrevPage: false,
        limit: 1,
        nextPage: null,
        page: args.page,
        pagingCounter: 0,
        prevPage: null,
        totalDocs: saved,
        totalPages: 1,
      }
    return findVersions(args)
  }) as PostgresAdapter['findVersions']
}
