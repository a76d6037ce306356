import type { Payload } from 'payload'
import { getPayload } from 'payload'

let instance: Promise<Payload> | undefined

/**
 * Payload in the test process, on the run's fresh database (see tests/setup/globalSetup.ts),
 * for tests that go through the Local API with access control enforced.
 */
export const getTestPayload = (): Promise<Payload> => {
  instance ??= import('@payload-config').then(({ default: config }) => getPayload({ config }))
  return instance
}
