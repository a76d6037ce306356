import { S3, type S3ClientConfig } from '@aws-sdk/client-s3'
import { buildStoragePathData } from '@payloadcms/plugin-cloud-storage/utilities'

import type { S3Settings } from '../lib/settings'

/** How long an object's body may stand still, in either direction, before its socket is closed. */
export const streamIdleMs = 30_000

/**
 * The AWS SDK's options for the bucket. Every request has a deadline (a hung store must become
 * a 503, not a request that waits forever) and few attempts, so the deadline bounds them all.
 * Stores other than AWS (MinIO, R2, the tests' server) reject or mishandle the SDK's default
 * CRC checksums, so with an endpoint they are sent and checked only where S3 requires them.
 */
export const s3ClientConfig = (s3: S3Settings): S3ClientConfig => {
  const perAttempt = Math.max(1, Math.floor(s3.timeoutMs / s3.maxAttempts))
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    forcePathStyle: s3.forcePathStyle,
    maxAttempts: s3.maxAttempts,
    requestHandler: {
      connectionTimeout: perAttempt,
      // The SDK only warns when an answer is late unless told to give the request up.
      requestTimeout: perAttempt,
      throwOnRequestTimeout: true,
      // A body that stops moving (a store that stops sending, a reader that stops reading)
      // gives its socket back instead of holding it for good.
      socketTimeout: streamIdleMs,
      httpAgent: { keepAlive: true, maxSockets: 100 },
      httpsAgent: { keepAlive: true, maxSockets: 100 },
    },
    ...(s3.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  }
}

/**
 * One client per process, configuration and use: its sockets are kept alive between requests.
 * Files served to readers have a client (and sockets) of their own, so readers that stall
 * their downloads never leave uploads and deletions waiting for a socket.
 */
const clients = new Map<string, S3>()

export const s3Client = (s3: S3Settings, use: 'store' | 'serve' = 'store'): S3 => {
  const key = `${use} ${JSON.stringify(s3)}`
  let client = clients.get(key)
  if (!client) {
    client = new S3(s3ClientConfig(s3))
    clients.set(key, client)
  }
  return client
}

/**
 * An object's key: the record's prefix (its tenant) and the server-made name, built by the
 * adapter's own rule so that the app, the adapter and the move command name the same object.
 */
export const objectKey = ({
  prefix,
  filename,
}: {
  prefix: string | null | undefined
  filename: string
}): string => buildStoragePathData({ docPrefix: prefix ?? '', filename }).storageFilePath
