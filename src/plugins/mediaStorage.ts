import { s3Storage } from '@payloadcms/storage-s3'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  Config,
  Field,
  Payload,
  Plugin,
  PayloadRequest,
  TaskConfig,
} from 'payload'

import { onTransactionEnd } from '../db/transactions'
import { readSettings, type S3Settings } from '../lib/settings'
import { objectKey, s3Client, s3ClientConfig } from '../uploads/objectStore'
import { mediaFilePrefix } from '../uploads/serveFile'
import { withinDeadline } from '../uploads/storageUnavailable'

type StoredFiles = {
  prefix?: string | null
  filename?: string | null
  sizes?: Record<string, { filename?: string | null } | null | undefined> | null
}

/** Every object key of a record: its file's and each size's, under its prefix. */
export const objectKeysOf = (doc: StoredFiles): string[] =>
  [doc.filename, ...Object.values(doc.sizes ?? {}).map((size) => size?.filename)]
    .filter((name): name is string => Boolean(name))
    .map((filename) => objectKey({ prefix: doc.prefix, filename }))

/** Deletes the objects; throws if the store refused or missed one (a missing one is gone). */
const removeObjects = async ({ s3, keys }: { s3: S3Settings; keys: string[] }): Promise<void> => {
  const client = s3Client(s3)
  await Promise.all(keys.map((key) => client.deleteObject({ Bucket: s3.bucket, Key: key })))
}

/**
 * Objects that must go are also a job of Payload's queue, queued in the write's own transaction
 * (or, for a write that rolled back, at once on its own): the immediate delete is the quick
 * path, and the job retries until the store has them gone, so a store that was away when a
 * record was deleted or replaced keeps no file of it for long, and the job's record says why.
 */
export const removalTask = 'removeMediaObjects'

const removalJob = (s3: S3Settings | undefined): TaskConfig =>
  ({
    slug: removalTask,
    label: 'Remove media objects from the bucket',
    inputSchema: [{ name: 'keys', type: 'json', required: true }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 15_000 } },
    handler: async ({ input }: { input: { keys?: unknown } }) => {
      const keys = Array.isArray(input.keys) ? input.keys.filter((k) => typeof k === 'string') : []
      if (s3 && keys.length > 0) await removeObjects({ s3, keys })
      return { output: {} }
    },
  }) as unknown as TaskConfig

const queueRemoval = async ({
  payload,
  req,
  keys,
  afterMs = 0,
}: {
  payload: Payload
  /** The write whose transaction the job joins; none for one queued after a rollback. */
  req?: PayloadRequest
  keys: string[]
  afterMs?: number
}): Promise<void> => {
  if (keys.length === 0) return
  await payload.jobs.queue({
    task: removalTask as never,
    input: { keys } as never,
    ...(req ? { req } : {}),
    ...(afterMs > 0 ? { waitUntil: new Date(Date.now() + afterMs) } : {}),
  })
}

/** The quick path: now, without waiting for it; the job queued beside it makes sure. */
const removeSoon = ({ s3, keys, payload }: { s3: S3Settings; keys: string[]; payload: Payload }) =>
  void removeObjects({ s3, keys }).catch((err: unknown) =>
    payload.logger.warn({
      err,
      msg: `media: ${keys.length} objects not removed yet; the ${removalTask} job retries`,
    }),
  )

/** Where partners and the admin find a file: the public base if set, else the app's route. */
const fileUrl = ({ prefix, filename }: { prefix?: string; filename: string }): string => {
  const base = readSettings().mediaPublicUrl
  return base
    ? `${base}/${objectKey({ prefix, filename })}`
    : `${mediaFilePrefix}${encodeURIComponent(filename)}`
}

/**
 * The S3 adapter answers each upload with the document it was given, which the cloud-storage
 * hook takes for new metadata and writes back with a nested update: a second write of the same
 * values, a second change-log entry and webhook, and (during an admin edit) a second image
 * slot wanted while the first is held. The S3 adapter adds no metadata, so that write is left out.
 */
const withoutEchoWrite = (req: PayloadRequest): PayloadRequest => ({
  ...req,
  payload: Object.create(req.payload, {
    update: { value: async ({ data }: { data: unknown }) => data },
  }) as PayloadRequest['payload'],
})

/**
 * The adapter's afterChange hook uploads the new files inside the write's transaction, then
 * deletes the old ones at once. Here the upload has a deadline (a store that does not answer is
 * a 503 and the write rolls back), the new objects are removed if the write does not commit,
 * and the old ones only when it does: a failed replace keeps the record's files.
 */
const transactionalUpload =
  ({
    upload,
    s3,
  }: {
    upload: CollectionAfterChangeHook
    s3: S3Settings
  }): CollectionAfterChangeHook =>
  async (args) => {
    const { req, doc, operation, previousDoc } = args
    const sent =
      req.file ?? (req.context?._payloadCloudStorage as { file?: unknown } | undefined)?.file
    if (!sent || req.context?.skipCloudStorage) return upload(args)
    const written = objectKeysOf(doc as StoredFiles)
    let settled: Promise<unknown> = Promise.resolve()
    await onTransactionEnd({
      req,
      // After the upload settles, however late: a put that outlived its deadline must not land
      // after the cleanup. Not awaited, so the answer does not wait for the store. The job,
      // due after every attempt's deadline, removes what landed later or could not be removed.
      hook: (committed) => {
        if (committed) return
        void settled.then(() => removeSoon({ s3, keys: written, payload: req.payload }))
        void queueRemoval({ payload: req.payload, keys: written, afterMs: 2 * s3.timeoutMs }).catch(
          (err: unknown) =>
            req.payload.logger.error({
              err,
              msg: `media: no removal job for ${written.join(' ')}`,
            }),
        )
      },
    })
    const work = Promise.resolve(
      upload({ ...args, req: withoutEchoWrite(req), previousDoc: undefined as never }),
    )
    settled = work.catch(() => undefined)
    const result: unknown = await withinDeadline({ work, ms: s3.timeoutMs })
    if (operation === 'update' && previousDoc) {
      const replaced = objectKeysOf(previousDoc as StoredFiles).filter((k) => !written.includes(k))
      await queueRemoval({ payload: req.payload, req, keys: replaced })
      await onTransactionEnd({
        req,
        hook: (committed) => {
          if (committed) removeSoon({ s3, keys: replaced, payload: req.payload })
        },
      })
    }
    return result
  }

/**
 * A record's objects go when its delete commits, and a delete that rolls back keeps them: the
 * removal job is part of the delete's transaction, and the quick removal waits for its commit.
 * The answer waits for neither.
 */
const deleteOnCommit =
  (s3: S3Settings): CollectionAfterDeleteHook =>
  async ({ req, doc }) => {
    const keys = objectKeysOf(doc as StoredFiles)
    await queueRemoval({ payload: req.payload, req, keys })
    await onTransactionEnd({
      req,
      hook: (committed) => {
        if (committed) removeSoon({ s3, keys, payload: req.payload })
      },
    })
    return doc
  }

/** The adapter's `_objectKey` (browser uploads, which are off) is no field for partners. */
const hideObjectKey = (fields: Field[]): Field[] =>
  fields.map((field) =>
    'name' in field && field.name === '_objectKey' ? ({ ...field, hidden: true } as Field) : field,
  )

/** The media collection as the adapter left it, with its two hooks made transactional. */
const transactional = ({
  before,
  after,
  s3,
}: {
  before: CollectionConfig
  after: CollectionConfig
  s3: S3Settings
}): CollectionConfig => {
  const afterChange = after.hooks?.afterChange ?? []
  const afterDelete = after.hooks?.afterDelete ?? []
  const ownChange = before.hooks?.afterChange?.length ?? 0
  const ownDelete = before.hooks?.afterDelete?.length ?? 0
  // The adapter appends exactly one hook to each list; anything else means it changed shape.
  if (afterChange.length !== ownChange + 1 || afterDelete.length !== ownDelete + 1) {
    throw new Error(
      '@payloadcms/storage-s3 no longer adds one afterChange and one afterDelete hook',
    )
  }
  return {
    ...after,
    fields: hideObjectKey(after.fields),
    hooks: {
      ...after.hooks,
      afterChange: [
        ...afterChange.slice(0, ownChange),
        transactionalUpload({ upload: afterChange[ownChange]!, s3 }),
      ],
      // The adapter's own delete is replaced: it deletes before the commit and forgets failures.
      afterDelete: [...afterDelete.slice(0, ownDelete), deleteOnCommit(s3)],
    },
  }
}

/**
 * With `S3_BUCKET`, media files, their sizes and their deletions go to the bucket through
 * Payload's S3 adapter, each under its record's prefix (its tenant's id); without it, nothing
 * changes and files stay on disk. The file route keeps serving every file (src/uploads/), so
 * the adapter's own handler and signed URLs stay off.
 */
export const mediaStorage =
  (): Plugin =>
  (incoming: Config): Config => {
    const { s3 } = readSettings()
    // The removal job exists in both modes, so both share one schema and one set of types.
    const withJob: Config = {
      ...incoming,
      jobs: { ...incoming.jobs, tasks: [...(incoming.jobs?.tasks ?? []), removalJob(s3)] },
    }
    // Off, the adapter still names its admin component, so both modes share one import map.
    if (!s3) {
      return s3Storage({ enabled: false, bucket: '', config: {}, collections: { media: true } })(
        withJob,
      ) as Config
    }
    const stored = s3Storage({
      bucket: s3.bucket,
      config: s3ClientConfig(s3),
      clientCacheKey: `s3:${JSON.stringify(s3)}`,
      collections: {
        media: {
          disablePayloadAccessControl: true,
          generateFileURL: ({ prefix, filename }) => fileUrl({ prefix, filename }),
        },
      },
    })(withJob) as Config
    return {
      ...stored,
      collections: (stored.collections ?? []).map((after) => {
        const before = incoming.collections?.find((c) => c.slug === after.slug)
        return after.slug === 'media' && before ? transactional({ before, after, s3 }) : after
      }),
    }
  }
