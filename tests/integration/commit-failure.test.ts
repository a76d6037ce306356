import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getTestPayload } from '../helpers/payload'

/**
 * A COMMIT can fail after every statement of a transaction succeeded: the server restarts
 * under it, or a deferred constraint fires. Payload 3.90 as shipped reports such a write as
 * saved. A deferred constraint trigger makes the failing COMMIT happen on purpose.
 */
describe('a write whose COMMIT fails', () => {
  let payload: Payload
  let db: PostgresAdapter

  beforeAll(async () => {
    payload = await getTestPayload()
    db = payload.db as unknown as PostgresAdapter
    await db.drizzle.execute(sql`
      create or replace function reject_at_commit() returns trigger language plpgsql as $$
      begin
        if new.name = 'fail-at-commit' then
          raise exception 'rejected at commit';
        end if;
        return new;
      end $$;
      drop trigger if exists reject_at_commit on tenants;
      create constraint trigger reject_at_commit after insert on tenants
        deferrable initially deferred for each row execute function reject_at_commit();
    `)
  })

  afterAll(async () => {
    await db.drizzle.execute(sql`drop trigger if exists reject_at_commit on tenants`)
  })

  it('is reported as an error and leaves nothing behind', async () => {
    await expect(
      payload.create({ collection: 'tenants', data: { name: 'fail-at-commit', slug: 'fails' } }),
    ).rejects.toThrow(/did not confirm the write/)
    const { totalDocs } = await payload.count({
      collection: 'tenants',
      where: { slug: { equals: 'fails' } },
    })
    expect(totalDocs).toBe(0)
  })

  it('still commits ordinary writes', async () => {
    const doc = await payload.create({
      collection: 'tenants',
      data: { name: 'Commits fine', slug: 'commits-fine' },
    })
    const found = await payload.findByID({ collection: 'tenants', id: doc.id })
    expect(found.slug).toBe('commits-fine')
  })
})
