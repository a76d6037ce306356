import { Readable } from 'node:stream'

import type { S3Settings } from '../lib/settings'
import { s3Client } from './objectStore'
import type { StoredFile } from './storedFile'
import { typeOfStoredName } from './storedName'
import { withinDeadline } from './storageUnavailable'

const isMissing = (err: unknown): boolean => {
  const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404
}

/**
 * The object of a stored name under `key`, opened for reading (`withBody`: a GET, whose bytes
 * come as they are read) or described by a HEAD alone. Nothing for a name of no stored form or
 * an absent object; StorageUnavailable when the store does not answer within its deadline, so
 * the answer's status still says so. The deadline covers the store's first answer: a large
 * file may take longer to send.
 */
export const openStoredObject = async ({
  s3,
  key,
  name,
  withBody,
}: {
  s3: S3Settings
  key: string
  name: string
  withBody: boolean
}): Promise<StoredFile | undefined> => {
  const type = typeOfStoredName(name)
  if (!type) return undefined
  const client = s3Client(s3, 'serve')
  const abort = new AbortController()
  const request = withBody
    ? client.getObject({ Bucket: s3.bucket, Key: key }, { abortSignal: abort.signal })
    : client.headObject({ Bucket: s3.bucket, Key: key }, { abortSignal: abort.signal })
  const object = await withinDeadline({
    work: request.catch((err: unknown) => {
      if (isMissing(err)) return undefined
      throw err
    }),
    ms: s3.timeoutMs,
  }).catch((err: unknown) => {
    abort.abort()
    throw err
  })
  const body = object && 'Body' in object ? (object.Body as Readable | undefined) : undefined
  const close = async (): Promise<void> => {
    body?.destroy()
  }
  if (!object?.ETag || object.ContentLength === undefined) {
    await close()
    return undefined
  }
  return {
    type,
    size: object.ContentLength,
    // S3's own ETag: quoted, and it changes with the bytes, so a strong validator.
    etag: object.ETag,
    lastModified: object.LastModified ?? new Date(0),
    stream: () => {
      if (!body) throw new Error('The object was opened without its bytes.')
      return Readable.toWeb(body) as ReadableStream<Uint8Array>
    },
    close,
  }
}
