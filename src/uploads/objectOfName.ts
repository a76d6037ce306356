import type { Payload } from 'payload'

import type { S3Settings } from '../lib/settings'
import { objectKey } from './objectStore'
import type { StoredFile } from './storedFile'
import { typeOfStoredName } from './storedName'
import { openStoredObject } from './storedObject'

/** Names already looked up: a stored name's record never changes its prefix. */
const keys = new Map<string, string>()
const keysKept = 10_000

/**
 * The object key of a stored name: the prefix of the media record that has it as its file or as
 * one of its sizes' files. Names are random and unique, so at most one record answers.
 */
const keyOfName = async ({
  payload,
  name,
}: {
  payload: Payload
  name: string
}): Promise<string | undefined> => {
  const known = keys.get(name)
  if (known) return known
  const media = payload.collections.media?.config
  const sizes =
    media?.upload && typeof media.upload === 'object' ? (media.upload.imageSizes ?? []) : []
  const { docs } = await payload.find({
    collection: 'media',
    where: {
      or: [
        { filename: { equals: name } },
        ...sizes.map((size) => ({ [`sizes.${size.name}.filename`]: { equals: name } })),
      ],
    },
    select: { prefix: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const record = docs[0] as { prefix?: string | null } | undefined
  if (!record) return undefined
  const key = objectKey({ prefix: record.prefix, filename: name })
  if (keys.size >= keysKept) keys.delete(keys.keys().next().value ?? '')
  keys.set(name, key)
  return key
}

/**
 * Opens the bucket's object of a stored name, for the file route: the name must be one the
 * server makes and belong to a media record (nothing is listed or guessed in the bucket).
 */
export const openObjectOfName = async ({
  payload,
  s3,
  name,
  withBody,
}: {
  payload: Payload
  s3: S3Settings
  name: string
  withBody: boolean
}): Promise<StoredFile | undefined> => {
  if (!typeOfStoredName(name)) return undefined
  const key = await keyOfName({ payload, name })
  if (!key) return undefined
  return openStoredObject({ s3, key, name, withBody })
}
