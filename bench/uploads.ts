import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { makeImage } from '../src/seed/images'
import { startApp } from '../tests/helpers/app'
import { startS3Server } from '../tests/helpers/s3Server'
import { measure, type Figures } from './load'

/** One multipart body of an image upload, as a browser or partner sends it. */
const uploadBody = async (): Promise<{ bytes: Buffer; contentType: string }> => {
  const png = Buffer.from(await makeImage({ width: 1200, height: 800, label: 'Bench' }))
  const boundary = 'bench-upload-boundary'
  const bytes = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nBench\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * Partner image uploads (the original and its two sizes stored) into the local disk and into
 * an S3-protocol server on loopback (s3rver, which itself writes to disk): what the bucket's
 * round trips cost an upload, as a ratio.
 */
export const measureUploads = async ({
  databaseUri,
  tenant,
  writeKey,
  seconds,
  concurrency,
  print,
}: {
  databaseUri: string
  tenant: string
  writeKey: string
  seconds: number
  concurrency: number
  print: (line: string) => void
}): Promise<void> => {
  const s3 = await startS3Server()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-disk-'))
  const disk = await startApp({ databaseUri, env: { CMS_DATA_DIR: dataDir } })
  const bucket = await startApp({ databaseUri, env: { ...s3.env, CMS_DATA_DIR: dataDir } })
  try {
    const { bytes, contentType } = await uploadBody()
    const upload = (origin: string): Promise<Figures> =>
      measure({
        origin,
        method: 'POST',
        paths: [`/api/partners/2025-07/${tenant}/media`],
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': contentType },
        bodyBase64: bytes.toString('base64'),
        expected: 201,
        seconds,
        concurrency,
      })
    await upload(disk.origin) // warm-up, not reported
    await upload(bucket.origin)
    const toDisk = await upload(disk.origin)
    const toBucket = await upload(bucket.origin)
    print(
      `[bench] image uploads (1200×800 PNG, ${Math.round(bytes.length / 1024)} KiB, stored with 2 sizes), ${concurrency} connections`,
    )
    for (const [name, f] of [
      ['local disk', toDisk],
      ['S3 bucket (s3rver)', toBucket],
    ] as const)
      print(
        `upload to ${name.padEnd(20)} | ${f.rps.toFixed(1)}/s | p50 ${f.p50.toFixed(0)} ms | p99 ${f.p99.toFixed(0)} ms | errors ${f.errors}`,
      )
    print(`upload to the bucket: ${(toBucket.rps / toDisk.rps).toFixed(2)}x the disk's throughput`)
  } finally {
    await bucket.stop()
    await disk.stop()
    await s3.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
