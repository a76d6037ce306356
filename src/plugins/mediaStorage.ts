import { s3Storage } from '@payloadcms/storage-s3'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  Config,
  Field,
  Plugin,
  PayloadRequest,
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

const removeObjects = async ({ s3, keys }: { s3: S3Settings; keys: string[] }): Promise<void> => {
  const client = s3Client(s3)
  await Promise.all(
    keys.map((key) => client.deleteObject({ Bucket: s3.bucket, Key: key }).catch(() => undefined)),
  )
}

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
      // after the cleanup. Not awaited, so the answer does not wait for the store.
      hook: (committed) => {
        if (!committed) void settled.then(() => removeObjects({ s3, keys: written }))
      },
    })
    const work = Promise.resolve(
      upload({ ...args, req: withoutEchoWrite(req), previousDoc: undefined as never }),
    )
    settled = work.catch(() => undefined)
    const result: unknown = await withinDeadline({ work, ms: s3.timeoutMs })
    if (operation === 'update' && previousDoc) {
      const replaced = objectKeysOf(previousDoc as StoredFiles).filter((k) => !written.includes(k))
      await onTransactionEnd({
        req,
        hook: async (committed) => {
          if (committed) await removeObjects({ s3, keys: replaced })
        },
      })
    }
    return result
  }

/** A record's objects go when its delete commits; a delete that rolls back keeps them. */
const deleteOnCommit =
  (remove: CollectionAfterDeleteHook): CollectionAfterDeleteHook =>
  async (args) => {
    await onTransactionEnd({
      req: args.req,
      hook: async (committed) => {
        if (committed) await remove(args)
      },
    })
    return args.doc
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
      afterDelete: [...afterDelete.slice(0, ownDelete), deleteOnCommit(afterDelete[ownDelete]!)],
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
    // Off, the adapter still names its admin component, so both modes share one import map.
    if (!s3) {
      return s3Storage({ enabled: false, bucket: '', config: {}, collections: { media: true } })(
        incoming,
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
    })(incoming) as Config
    return {
      ...stored,
      collections: (stored.collections ?? []).map((after) => {
        const before = incoming.collections?.find((c) => c.slug === after.slug)
        return after.slug === 'media' && before ? transactional({ before, after, s3 }) : after
      }),
    }
  }
