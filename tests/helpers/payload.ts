import type { Payload } from 'payload'
import { getPayload } from 'payload'

let instance: Promise<Payload> | undefined

/**
 * Payload in the test process, on the run's fresh database (see tests/setup/globalSetup.ts),
 * for tests that go through the Local API with access control enforced. The installation's
 * first user is a super-admin (as on the admin's first-user screen), so one is made up front
 * and the users the tests make get exactly the roles they ask for.
 */
export const getTestPayload = (): Promise<Payload> => {
  instance ??= import('@payload-config').then(async ({ default: config }) => {
    const payload = await getPayload({ config })
    const { migrations } = await import('../../src/migrations')
    await payload.db.migrate({
      migrations: migrations as unknown as Parameters<typeof payload.db.migrate>[0] extends {
        migrations?: infer M
      }
        ? M
        : never,
    })
    const { totalDocs } = await payload.count({ collection: 'users' })
    if (totalDocs === 0) {
      await payload.create({
        collection: 'users',
        data: { email: 'installer@example.com', password: 'installer-password' },
      })
    }
    return payload
  })
  return instance
}
