import { describe, expect, it } from 'vitest'

import { cacheFigures, readThrough, type Answer } from './answers'
import { changed, heard, lost } from './freshness'

const cache = { enabled: true, maxBytes: 64 * 1024, ttlMs: 60_000 }

/** Reads `key` of `scope`, counting how often the answer had to be made. */
const reader = () => {
  let made = 0
  const read = (key: string, scope = 'tenant-a', body = `{"key":"${key}"}`) =>
    readThrough({
      key,
      scope,
      cache,
      produce: async (): Promise<Answer> => {
        made++
        return { body: Buffer.from(body), etag: `"${made}"` }
      },
    })
  return { read, made: () => made }
}

describe('the read cache', () => {
  it('keeps nothing until it is listening, then keeps answers until their tenant changes', async () => {
    lost()
    const { read, made } = reader()
    await read('a')
    await read('a')
    expect(made()).toBe(2)
    heard(undefined)
    await read('a')
    await read('a')
    expect(made()).toBe(3)
    changed('tenant-b')
    await read('a')
    expect(made()).toBe(3)
    changed('tenant-a')
    await read('a')
    expect(made()).toBe(4)
    heard(JSON.stringify({ tenant: 'tenant-a', seq: 1 }))
    await read('a')
    expect(made()).toBe(5)
    lost()
    await read('a')
    expect(made()).toBe(6)
  })

  it('drops what was read while a write was under way', async () => {
    heard(undefined)
    let made = 0
    const slow = () =>
      readThrough({
        key: 'racing',
        scope: 'tenant-r',
        cache,
        produce: async () => {
          made++
          // The write commits while this read is still running.
          changed('tenant-r')
          return { body: Buffer.from(`{"n":${made}}`), etag: `"${made}"` }
        },
      })
    await slow()
    await slow()
    expect(made).toBe(2)
  })

  it('stays within its byte budget, dropping the least recently used', async () => {
    heard(undefined)
    const { read, made } = reader()
    const body = 'x'.repeat(1000)
    for (let i = 0; i < 200; i++) await read(`key-${i}`, 'tenant-m', body)
    expect(cacheFigures().bytes).toBeLessThanOrEqual(cache.maxBytes)
    const before = made()
    await read('key-199', 'tenant-m', body)
    expect(made()).toBe(before)
    await read('key-0', 'tenant-m', body)
    expect(made()).toBe(before + 1)
  })
})
