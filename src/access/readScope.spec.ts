import type { Access } from 'payload'
import { describe, expect, it } from 'vitest'

import { readScope, tenantMember, withinScope } from './readScope'
import { standInPayload } from '../../tests/helpers/standIns'

const tenantId = '00000000-0000-4000-8000-0000000000aa'

/** A Payload of one collection whose read access is `read`: all `readScope` asks of one. */
const payloadReading = (read: Access) => {
  const payload = {
    config: {
      i18n: { fallbackLanguage: 'en', supportedLanguages: { en: {} }, translations: {} },
      serverURL: '',
    },
    collections: { events: { config: { access: { read } } } },
  }
  return standInPayload(payload)
}

describe('readScope', () => {
  it("is the collection's read access, run for the user", async () => {
    const seen: unknown[] = []
    const payload = payloadReading(({ req }) => {
      seen.push(req.user)
      return { tenant: { in: [tenantId] } }
    })
    const user = tenantMember({ tenantId })
    expect(await readScope({ payload, collection: 'events', user })).toEqual({
      tenant: { in: [tenantId] },
    })
    expect(seen).toEqual([user])
  })

  it('says nothing or everything as false and true', async () => {
    const user = tenantMember({ tenantId })
    const none = payloadReading(() => false)
    const all = payloadReading(async () => true)
    expect(await readScope({ payload: none, collection: 'events', user })).toBe(false)
    expect(await readScope({ payload: all, collection: 'events', user })).toBe(true)
  })
})

describe('tenantMember', () => {
  it('is an editor of the one tenant', () => {
    expect(tenantMember({ tenantId })).toMatchObject({
      collection: 'users',
      roles: ['user'],
      tenants: [{ tenant: tenantId, roles: ['editor'] }],
    })
    expect(tenantMember({ tenantId, id: 'key' }).id).toBe('key')
  })
})

describe('withinScope', () => {
  const scope = { tenant: { in: [tenantId] } }
  const where = { title: { equals: 'a' } }
  it('adds the scope to a condition', () => {
    expect(withinScope({ scope, where })).toEqual({ and: [scope, where] })
    expect(withinScope({ scope, where: undefined })).toEqual(scope)
    expect(withinScope({ scope: true, where })).toEqual(where)
    expect(withinScope({ scope: true, where: undefined })).toBeUndefined()
  })
})
