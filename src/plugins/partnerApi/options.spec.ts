import { postgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { optionDefaults } from './defaults'
import { partnerApi } from './index'
import { partnerOptions, resolveOptions } from './options'

describe('partner API options', () => {
  it('takes every default when nothing is given', () => {
    expect(resolveOptions()).toEqual(optionDefaults)
  })

  it('keeps what is given, and unset values (an unset environment variable) fall back', () => {
    const options = resolveOptions({
      rateLimitPerMinute: 0,
      keysPerTenant: undefined,
      mediaFetch: { allowedHosts: ['assets.internal:8080'] },
    })
    expect(options.rateLimitPerMinute).toBe(0)
    expect(options.keysPerTenant).toBe(optionDefaults.keysPerTenant)
    expect(options.mediaFetch).toEqual({
      timeoutMs: optionDefaults.mediaFetch.timeoutMs,
      allowedHosts: ['assets.internal:8080'],
    })
  })

  it('are recorded on the configuration the plugin makes, where requests read them', async () => {
    const config = await partnerApi({ bodyLimitBytes: 4096, corsOrigins: ['https://a.example'] })({
      collections: [],
      custom: { other: true },
      // Never connected: the plugin only rewrites the configuration.
      db: postgresAdapter({ pool: { connectionString: 'postgres://unused' } }),
      secret: 'unit',
    })
    expect(config.custom?.other).toBe(true)
    expect(partnerOptions(config)).toMatchObject({
      bodyLimitBytes: 4096,
      corsOrigins: ['https://a.example'],
      failedAuthPerMinute: optionDefaults.failedAuthPerMinute,
    })
    expect(config.collections?.map((c) => c.slug)).toContain('api-keys')
    expect(partnerOptions({ custom: {} })).toEqual(optionDefaults)
  })
})
