import { describe, expect, it } from 'vitest'

import type { PreviewLink } from '../../../payload-types'
import { keepLink } from './keepLink'

const stored: PreviewLink = {
  id: '00000000-0000-4000-8000-000000000001',
  collection: 'events',
  record: '00000000-0000-4000-8000-000000000002',
  expiresAt: '2030-01-01T00:00:00.000Z',
  revoked: false,
  revokedAt: null,
  createdBy: { relationTo: 'users', value: '00000000-0000-4000-8000-000000000003' },
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
}

/** The hook on an update of `originalDoc` with `data`, as Payload calls it. */
const update = (data: Partial<PreviewLink>, originalDoc: PreviewLink = stored) =>
  keepLink({
    data,
    operation: 'update',
    originalDoc,
    // The hook reads none of the rest.
  } as unknown as Parameters<typeof keepLink>[0]) as Partial<PreviewLink>

describe('a preview link once made', () => {
  it('keeps what it shares and until when, whatever an update says', () => {
    const kept = update({
      collection: 'pages',
      record: '00000000-0000-4000-8000-000000000009',
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdBy: null,
      revokedAt: '2020-01-01T00:00:00.000Z',
    })
    expect(kept).toMatchObject({
      collection: stored.collection,
      record: stored.record,
      expiresAt: stored.expiresAt,
      createdBy: stored.createdBy,
      revokedAt: null,
      revoked: false,
    })
  })

  it('may be revoked, which stamps the time, and stays revoked', () => {
    const revoked = update({ revoked: true })
    expect(revoked.revoked).toBe(true)
    expect(Number.isNaN(Date.parse(String(revoked.revokedAt)))).toBe(false)
    const again = update(
      { revoked: false },
      { ...stored, revoked: true, revokedAt: '2026-02-02T00:00:00.000Z' },
    )
    expect(again).toMatchObject({ revoked: true, revokedAt: '2026-02-02T00:00:00.000Z' })
  })
})
