import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { knownTenantContext } from '../../src/lib/knownTenant'
import type { Tenant } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * A write whose caller holds the tenant (the partner API's principal) says so in its context
 * (`src/lib/knownTenant.ts`), and the hooks take the tenant's search language and time zone
 * from there instead of reading the tenant for every record: two statements of a
 * performance's create. Here the context deliberately disagrees with the stored tenant, so
 * the record shows which one the hooks used.
 */
let payload: Payload
let tenant: Tenant
let other: Tenant

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'kt-home' })
  other = await createTenant({ payload, slug: 'kt-other' })
  await payload.update({
    collection: 'tenants',
    id: tenant.id,
    data: { timeZone: 'America/New_York', language: 'german' } as never,
  })
})

let made = 0

const createPair = async (context: Record<string, unknown>) => {
  made++
  const event = await payload.create({
    collection: 'events',
    data: { tenant: tenant.id, title: `Known tenant ${made}`, _status: 'published' } as never,
    draft: false,
    overrideAccess: true,
    // The search language is a hidden field.
    showHiddenFields: true,
    context,
  })
  const performance = await payload.create({
    collection: 'event-instances',
    data: { tenant: tenant.id, event: event.id, startDate: '2031-03-01T19:30:00.000Z' } as never,
    overrideAccess: true,
    context,
  })
  return { event, performance }
}

describe("a tenant's settings known from the write's context", () => {
  it('are taken from the context for that tenant', async () => {
    const { event, performance } = await createPair(
      knownTenantContext({ id: tenant.id, language: 'french', timeZone: 'Europe/Paris' }),
    )
    expect((event as { searchLanguage?: string }).searchLanguage).toBe('french')
    expect(performance.startDate_tz).toBe('Europe/Paris')
  })

  it('are read from the tenant when the context names another tenant, or nothing', async () => {
    for (const context of [
      knownTenantContext({ id: other.id, language: 'french', timeZone: 'Europe/Paris' }),
      {},
    ]) {
      const { event, performance } = await createPair(context)
      expect((event as { searchLanguage?: string }).searchLanguage).toBe('german')
      expect(performance.startDate_tz).toBe('America/New_York')
    }
  })
})
