/**
 * For every media record, each of its files (the original and each size) is uploaded from the
 * local folder to `<prefix>/<name>` in the bucket, checked (a HEAD: the size, and the ETag
 * against the file's MD5), and only then removed from the disk (`--keep-local` keeps it). An
 * object already in the bucket with the same size and MD5 is not sent again, so a second run
 * moves nothing and an interrupted run continues where it stopped. Exits 1 if any file failed.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'

import config from '@payload-config'
import { getPayload } from 'payload'

import { readSettings, type S3Settings } from '../../src/lib/settings'
import { mediaDir } from '../../src/uploads/mediaDir'
import { objectKey, s3Client } from '../../src/uploads/objectStore'
import { typeOfStoredName } from '../../src/uploads/storedName'

type MediaFiles = {
  id: string
  prefix?: string | null
  filename?: string | null
  mimeType?: string | null
  sizes?: { [size: string]: { filename?: string | null; mimeType?: string | null } | undefined }
}

type Outcome = 'moved' | 'already there' | 'failed'

const { values } = parseArgs({ options: { 'keep-local': { type: 'boolean', default: false } } })
const keepLocal = values['keep-local'] ?? false

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex')

/** Whether the bucket holds exactly `bytes` under `key` (S3's ETag of a single PUT is its MD5). */
const holds = async ({
  s3,
  key,
  bytes,
}: {
  s3: S3Settings
  key: string
  bytes: Buffer
}): Promise<boolean> => {
  const head = await s3Client(s3)
    .headObject({ Bucket: s3.bucket, Key: key })
    .catch((err: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
      if (err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404) return undefined
      throw err
    })
  return (
    head !== undefined &&
    head.ContentLength === bytes.length &&
    head.ETag?.replaceAll('"', '') === md5(bytes)
  )
}

/** Whether an object that is in the bucket, where the local file is gone, is whole. */
const present = async ({ s3, key }: { s3: S3Settings; key: string }): Promise<boolean> =>
  s3Client(s3)
    .headObject({ Bucket: s3.bucket, Key: key })
    .then(
      () => true,
      () => false,
    )

const moveFile = async ({
  s3,
  dir,
  key,
  name,
  type,
}: {
  s3: S3Settings
  dir: string
  key: string
  name: string
  type: string | undefined
}): Promise<Outcome> => {
  const local = path.join(dir, name)
  const bytes = await fs.readFile(local).catch(() => undefined)
  if (!bytes) {
    // Moved by an earlier run (the file is removed only once its object was checked).
    if (await present({ s3, key })) return 'already there'
    throw new Error(`${name}: not on disk and not in the bucket`)
  }
  let outcome: Outcome = 'already there'
  if (!(await holds({ s3, key, bytes }))) {
    await s3Client(s3).putObject({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: type })
    if (!(await holds({ s3, key, bytes }))) {
      throw new Error(`${name}: the object in the bucket does not match the file`)
    }
    outcome = 'moved'
  }
  if (!keepLocal) await fs.rm(local, { force: true })
  return outcome
}

const main = async (): Promise<number> => {
  const { s3 } = readSettings()
  if (!s3) {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials as needed) first.')
    return 2
  }
  const dir = mediaDir()
  const payload = await getPayload({ config })
  const records: MediaFiles[] = []
  for (let page = 1, more = true; more; page++) {
    const found = await payload.find({
      collection: 'media',
      depth: 0,
      limit: 200,
      page,
      sort: 'createdAt',
      overrideAccess: true,
      select: { prefix: true, filename: true, mimeType: true, sizes: true },
    })
    records.push(...(found.docs as unknown as MediaFiles[]))
    more = found.hasNextPage
  }
  const files = records.flatMap((record) =>
    [
      { name: record.filename, type: record.mimeType },
      ...Object.values(record.sizes ?? {}).map((size) => ({
        name: size?.filename,
        type: size?.mimeType,
      })),
    ]
      .filter((file): file is { name: string; type: string | null | undefined } =>
        Boolean(file.name),
      )
      .map((file) => ({
        ...file,
        record: record.id,
        key: objectKey({ prefix: record.prefix, filename: file.name }),
      })),
  )
  const counts: { [outcome in Outcome]: number } = { moved: 0, 'already there': 0, failed: 0 }
  let done = 0
  for (const file of files) {
    let outcome: Outcome
    try {
      outcome = await moveFile({
        s3,
        dir,
        key: file.key,
        name: file.name,
        type: file.type ?? typeOfStoredName(file.name),
      })
    } catch (err) {
      outcome = 'failed'
      console.error(`failed ${file.key} (media ${file.record}): ${(err as Error).message}`)
    }
    counts[outcome]++
    done++
    console.log(`${outcome} ${done}/${files.length} ${file.key}`)
  }
  console.log(
    `${files.length} files of ${records.length} media records: ${counts.moved} moved, ` +
      `${counts['already there']} already in the bucket, ${counts.failed} failed` +
      (keepLocal ? ' (local files kept)' : ''),
  )
  return counts.failed > 0 ? 1 : 0
}

process.exit(await main())
