import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createTestDatabase } from './testDatabase'

/**
 * One fresh database per test run. The settings go into the environment, which the test
 * workers and every app process the tests start inherit.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const database = await createTestDatabase()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-data-'))
  process.env.DATABASE_URI = database.connectionString
  process.env.PAYLOAD_SECRET = 'test-secret-for-this-run-only-0123456789'
  process.env.CMS_DATA_DIR = dataDir
  // The tests build their schema from the committed migrations, as production does, so the
  // Local API in the test process and the production build they start agree on it.
  process.env.DB_PUSH = 'false'
  return async () => {
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
