import { describe, expect, it } from 'vitest'

import type { S3Settings } from '../lib/settings'
import { objectKey, s3ClientConfig } from './objectStore'

const settings: S3Settings = {
  bucket: 'media',
  endpoint: undefined,
  region: 'eu-west-2',
  credentials: undefined,
  forcePathStyle: false,
  timeoutMs: 4000,
  maxAttempts: 2,
}

describe('objectKey', () => {
  it("is the record's prefix and its stored name, as the adapter builds it", () => {
    const name = '0b9f5b3e-1111-4222-8333-444455556666-400x300.png'
    expect(objectKey({ prefix: 'tenant-id', filename: name })).toBe(`tenant-id/${name}`)
    expect(objectKey({ prefix: null, filename: name })).toBe(name)
  })

  it('never leaves the prefix, whatever the prefix holds', () => {
    expect(objectKey({ prefix: '../other', filename: 'a.png' })).toBe('other/a.png')
    expect(objectKey({ prefix: '/abs//x/', filename: 'a.png' })).toBe('abs/x/a.png')
  })
})

describe('s3ClientConfig', () => {
  it('asks AWS with its defaults and the deadline shared by the attempts', () => {
    const config = s3ClientConfig(settings)
    expect(config.endpoint).toBeUndefined()
    expect(config.requestChecksumCalculation).toBeUndefined()
    expect(config.maxAttempts).toBe(2)
    expect(config.requestHandler).toMatchObject({ connectionTimeout: 2000, requestTimeout: 2000 })
  })

  it('checksums only where S3 requires them on a store of another make', () => {
    const config = s3ClientConfig({
      ...settings,
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    })
    expect(config).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    })
  })
})
