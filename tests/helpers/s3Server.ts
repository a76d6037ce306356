import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { S3 } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export type S3Server = {
  endpoint: string
  bucket: string
  /** The app's settings for this server: path-style, its own credentials, a short deadline. */
  env: Record<string, string>
  /** A client of the server, for the tests to look into the bucket. */
  client: S3
  /** Every key in the bucket under `prefix`. */
  keys: (prefix?: string) => Promise<string[]>
  /** Stops answering (storage down); `start` answers again on the same port, with the same data. */
  stop: () => Promise<void>
  start: () => Promise<void>
  close: () => Promise<void>
}

/** An S3-compatible server (s3rver) on loopback, on a free port, with a fresh folder and bucket. */
export const startS3Server = async ({
  bucket = 'cms-media',
}: { bucket?: string } = {}): Promise<S3Server> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-s3-'))
  let port = 0
  let server: S3rver | undefined
  const start = async (): Promise<void> => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    })
    port = (await server.run()).port
  }
  const stop = async (): Promise<void> => {
    const running = server
    server = undefined
    if (!running?.httpServer) return
    const closed = new Promise<void>((resolve) => running.httpServer?.close(() => resolve()))
    // Kept-alive sockets of the app's client would hold the close open.
    running.httpServer.closeAllConnections()
    await closed
  }
  await start()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const keys = async (prefix = ''): Promise<string[]> => {
    const found: string[] = []
    let token: string | undefined
    do {
      const page = await client.listObjectsV2({
        Bucket: bucket,
        Prefix: prefix,
        ContinuationToken: token,
      })
      found.push(...(page.Contents ?? []).map((object) => object.Key ?? ''))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return found.sort()
  }
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '2000',
    },
    client,
    keys,
    stop,
    start,
    close: async () => {
      await stop()
      client.destroy()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
