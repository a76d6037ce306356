import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { CollectionBeforeOperationHook } from 'payload'
import sharp from 'sharp'

import { onTransactionEnd } from '../../../db/transactions'
import { fieldRefusal } from '../../../lib/fieldRefusal'
import { readSettings } from '../../../lib/settings'
import { takeImageSlot } from '../../../uploads/imageSlots'
import { extensionOf, type MediaType } from '../../../uploads/mediaTypes'
import { objectKey } from '../../../uploads/objectStore'
import { storedName } from '../../../uploads/storedName'
import { openStoredObject } from '../../../uploads/storedObject'

type UploadArgs = {
  data?: Record<string, unknown>
  duplicateFromID?: unknown
  overrideAccess?: boolean
  id?: string | number
}

type StoredFiles = {
  filename?: string | null
  sizes?: Record<string, { filename?: string | null }> | null
}

type Req = Parameters<CollectionBeforeOperationHook>[0]['req']
type UploadedFile = NonNullable<Req['file']>

/**
 * An update with a new file: Payload deletes the record's current files before any hook or
 * validation runs, so a failed update would leave the record pointing at nothing. They are kept
 * aside (hard links, no copy) until the transaction ends: dropped on commit, put back on rollback.
 */
const keepCurrentFiles = async ({
  req,
  dir,
  id,
  collection,
}: {
  req: Req
  dir: string
  id: string
  collection: string
}): Promise<void> => {
  const current = (await req.payload
    .findByID({
      collection: collection as 'media',
      id,
      depth: 0,
      overrideAccess: true,
      req,
      disableErrors: true,
    })
    .catch(() => null)) as StoredFiles | null
  const names = [current?.filename, ...Object.values(current?.sizes ?? {}).map((s) => s?.filename)]
    .filter((n): n is string => Boolean(n))
    .map((n) => path.basename(n))
  const kept: [string, string][] = []
  for (const name of names) {
    const original = path.join(dir, name)
    const aside = path.join(dir, `.kept-${randomUUID()}`)
    if (
      await fs.link(original, aside).then(
        () => true,
        () => false,
      )
    )
      kept.push([original, aside])
  }
  if (kept.length === 0) return
  await onTransactionEnd({
    req,
    hook: async (committed) => {
      for (const [original, aside] of kept) {
        if (committed) await fs.rm(aside, { force: true })
        else await fs.rename(aside, original).catch(() => fs.rm(aside, { force: true }))
      }
    },
  })
}

/** Removes every file of one stored name (the original and its sizes) from `dir`. */
const removeStoredFiles = async ({ dir, stem }: { dir: string; stem: string }): Promise<void> => {
  const names = await fs.readdir(dir).catch(() => [] as string[])
  await Promise.all(
    names.filter((n) => n.startsWith(stem)).map((n) => fs.rm(path.join(dir, n), { force: true })),
  )
}

const imageTypes: Record<string, MediaType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

/** The image's pixels and type, read from its header alone: nothing is decoded. */
const imageHeaderOf = async (
  data: Buffer,
): Promise<{ width: number; height: number; type: MediaType | undefined } | undefined> => {
  const meta = await sharp(data, { limitInputPixels: false, pages: -1 })
    .metadata()
    .catch(() => undefined)
  if (!meta?.width || !meta.height) return undefined
  // AVIF is read by libheif, which names its container rather than its codec.
  const type =
    meta.format === 'heif' && meta.compression === 'av1' ? 'image/avif' : imageTypes[meta.format]
  return { width: meta.width, height: meta.height, type }
}

const isPdf = (data: Buffer): boolean => data.subarray(0, 5).toString('latin1') === '%PDF-'

/**
 * A random stem. Payload names a duplicate's copy by adding `-1` to the name, or by counting up
 * a number it already ends in: a UUID whose last group is all digits (one in 280) would have
 * that group counted up instead, which can shorten it out of the form the file route takes.
 */
const freshStem = (): string => {
  let stem = randomUUID()
  while (/-\d+$/.test(stem)) stem = randomUUID()
  return stem
}

/** An object's bytes from the bucket; nothing when it is absent (or no bucket is configured). */
const bucketBytes = async ({
  key,
  name,
}: {
  key: string
  name: string
}): Promise<Buffer | undefined> => {
  const s3 = readSettings().s3
  if (!s3) return undefined
  const object = await openStoredObject({ s3, key, name, withBody: true })
  if (!object) return undefined
  return Buffer.from(await new Response(object.stream()).arrayBuffer())
}

/**
 * An edit of the picture in the admin (a crop, a new focal point): Payload would write the edited
 * pixels over the record's current names, which the file route answers as immutable, so caches
 * would keep the old picture. Sent as a new upload of the stored original instead (Payload
 * applies the same edits to it), the edit gets new names, and a failed edit keeps the current
 * files, as any new file does.
 */
const storedOriginal = async ({
  req,
  dir,
  id,
  collection,
  overrideAccess,
  imagesOnly,
}: {
  req: Req
  /** The files' folder; unset, they are in the bucket. */
  dir: string | undefined
  id: string
  collection: string
  overrideAccess: boolean
  /** Only an image is edited; any file is duplicated. */
  imagesOnly: boolean
}): Promise<
  { file: UploadedFile; originalFilename: string; doc: Record<string, unknown> } | undefined
> => {
  const current = (await req.payload
    .findByID({
      collection: collection as 'media',
      id,
      depth: 0,
      overrideAccess,
      req,
      disableErrors: true,
    })
    .catch(() => null)) as {
    filename?: string | null
    mimeType?: string | null
    originalFilename?: string | null
    prefix?: string | null
    [field: string]: unknown
  } | null
  if (!current?.filename || !current.mimeType) return undefined
  if (imagesOnly && !current.mimeType.startsWith('image/')) return undefined
  const name = path.basename(current.filename)
  const data = dir
    ? await fs.readFile(path.join(dir, name)).catch(() => undefined)
    : await bucketBytes({ key: objectKey({ prefix: current.prefix, filename: name }), name })
  if (!data) return undefined
  return {
    file: { name: current.filename, data, mimetype: current.mimeType, size: data.length },
    originalFilename: current.originalFilename ?? current.filename,
    doc: current,
  }
}

/** What the server makes for a file, or for any record: a copy gets its own. */
const madeFresh = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'filename',
  'mimeType',
  'filesize',
  'width',
  'height',
  'sizes',
  'url',
  'thumbnailURL',
  'prefix',
  '_objectKey',
  'src',
  'src_opengraph',
  'originalFilename',
])

/** A record's own fields for its copy; array rows lose their ids, which are the rows' keys. */
const fieldsToCopy = (doc: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(doc)
      .filter(([name]) => !madeFresh.has(name))
      .map(([name, value]) => [
        name,
        Array.isArray(value)
          ? value.map((row: unknown) => {
              if (typeof row !== 'object' || row === null) return row
              const { id: _id, ...rest } = row as Record<string, unknown>
              return rest
            })
          : value,
      ]),
  )

/**
 * Every upload, from the admin, Payload's REST API, the partner API or a script:
 * - is stored under a name the server makes (a UUID and the extension of the file's real type),
 *   so no upload or delete of one record can touch another's files, whatever the client called
 *   its file; the client's name is kept in `originalFilename`;
 * - never changes the bytes of a name: a new file or an edit of the picture gets new names, so
 *   the file route may answer a name as immutable;
 * - leaves nothing on disk when its write does not commit;
 * - is refused (400) above the pixel limit before anything decodes it, and waits for its
 *   tenant's fair share of the image places (the `images` fair queue);
 * - comes with its bytes: Payload's own fetch of a `url` sent in the body (no time or size
 *   limit) is refused.
 */
export const prepareUpload: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const upload = args as UploadArgs
  if (upload.data && 'originalFilename' in upload.data) delete upload.data.originalFilename
  // Signed out, the access check that follows refuses the request: spend nothing on it first.
  if (!req.user && !upload.overrideAccess) return args
  // With a bucket (the storage adapter turns local storage off) nothing is on disk: the
  // adapter's hooks, made transactional in src/plugins/mediaStorage.ts, keep the same rules.
  const dir =
    collection.upload && typeof collection.upload === 'object'
      ? collection.upload.disableLocalStorage
        ? undefined
        : collection.upload.staticDir
      : undefined
  const edited =
    !req.file && operation === 'update' && req.query?.uploadEdits && upload.id !== undefined
      ? await storedOriginal({
          req,
          dir,
          id: String(upload.id),
          collection: collection.slug,
          overrideAccess: Boolean(upload.overrideAccess),
          imagesOnly: true,
        })
      : // Payload would fetch a duplicate's file by its URL, which with a bucket is the app's own
        // route (or a CDN), and ignores a file given with a duplicate: the copy becomes a create
        // with the stored file as a new upload, of the original's fields.
        !req.file && operation === 'create' && upload.duplicateFromID !== undefined && !dir
        ? await storedOriginal({
            req,
            dir,
            id: String(upload.duplicateFromID),
            collection: collection.slug,
            overrideAccess: Boolean(upload.overrideAccess),
            imagesOnly: false,
          })
        : undefined
  if (edited) {
    req.file = edited.file
    if (operation === 'create') {
      delete upload.duplicateFromID
      upload.data = { ...fieldsToCopy(edited.doc), ...(upload.data ?? {}) }
    }
  }
  const file = req.file
  if (!file) {
    // Cropping, a new focal point and duplicating decode the stored image again.
    if (upload.duplicateFromID || req.query?.uploadEdits)
      await takeImageSlot({
        req,
        collection: collection.slug,
        data: upload.data,
        id: (upload.duplicateFromID as string | number | undefined) ?? upload.id,
      })
    // Payload strips `url` from a REST body before this hook, yet still fetches it: look at the
    // body as sent too.
    const sent = { ...(req.data ?? {}), ...(upload.data ?? {}) } as Record<string, unknown>
    if (operation === 'create' && !upload.duplicateFromID && typeof sent.url === 'string') {
      throw fieldRefusal({
        collection: collection.slug,
        path: 'file',
        message: 'Send the file itself; this server does not fetch a "url".',
        req,
      })
    }
    return args
  }

  const settings = readSettings()
  // Judged by its bytes, not by the type the client claims: Payload detects the real type later
  // and resizes whatever turns out to be an image.
  const image = file.data?.length ? await imageHeaderOf(file.data) : undefined
  if (file.mimetype.toLowerCase().startsWith('image/') && !image) {
    throw fieldRefusal({
      collection: collection.slug,
      path: 'file',
      message: 'The file is not a readable image.',
      req,
    })
  }
  if (image) {
    if (image.width * image.height > settings.imageMaxPixels) {
      throw fieldRefusal({
        collection: collection.slug,
        path: 'file',
        message: `The image is ${image.width}×${image.height} pixels; at most ${settings.imageMaxPixels} pixels are accepted.`,
        req,
      })
    }
    await takeImageSlot({
      req,
      collection: collection.slug,
      data: upload.data,
      id: operation === 'update' ? upload.id : undefined,
    })
  }

  const original = edited?.originalFilename ?? path.basename(file.name || 'upload').slice(-200)
  // The extension of what the bytes are (a URL's `photo.aspx` is a JPEG), so the file route can
  // answer every stored name with its type; the client's own only for what Payload will refuse.
  const type = image?.type ?? (file.data && isPdf(file.data) ? 'application/pdf' : undefined)
  const stem = freshStem()
  file.name = storedName({
    stem,
    extension: type ? extensionOf(type) : path.extname(original).slice(1).toLowerCase(),
  })
  upload.data = { ...(upload.data ?? {}), originalFilename: original }
  if (dir) {
    await onTransactionEnd({
      req,
      hook: async (committed) => {
        if (!committed) await removeStoredFiles({ dir, stem })
      },
    })
    if (operation === 'update' && upload.id !== undefined) {
      await keepCurrentFiles({ req, dir, id: String(upload.id), collection: collection.slug })
    }
  }
  return args
}
