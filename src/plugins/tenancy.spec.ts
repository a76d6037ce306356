import { postgresAdapter } from '@payloadcms/db-postgres'
import type { Access, CollectionConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { tenancy } from './tenancy'
import { standInRequest } from '../../tests/helpers/standIns'

describe('tenancy', () => {
  it('checks the tenant once per read when collections share one access object', async () => {
    let calls = 0
    const counted: Access = () => {
      calls++
      return true
    }
    const shared = { read: counted }
    const owned = (slug: string): CollectionConfig => ({
      slug,
      fields: [],
      access: shared,
      custom: { tenantOwned: true },
    })
    const config = await tenancy()({
      collections: [
        { slug: 'users', auth: true, fields: [] },
        { slug: 'tenants', fields: [{ name: 'name', type: 'text' }] },
        owned('one'),
        owned('two'),
        owned('three'),
      ],
      // Never connected: the plugin only rewrites the configuration.
      db: postgresAdapter({ pool: { connectionString: 'postgres://unused' } }),
      secret: 'unit',
    })
    const read = config.collections?.find((c) => c.slug === 'three')?.access?.read
    expect(read).toBeTypeOf('function')
    const user = { id: 'u', collection: 'users', tenants: [{ tenant: 't1', roles: ['editor'] }] }
    const result = await read!({ req: standInRequest({ user }) })
    expect(calls).toBe(1)
    // One tenant condition, not one per collection that shares the object.
    expect(JSON.stringify(result).match(/"in"/g)).toHaveLength(1)
    expect(shared.read).toBe(counted)
  })
})
