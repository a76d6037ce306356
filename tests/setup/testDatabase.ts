import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { startEmbeddedPostgres } from '../../src/db/embeddedPostgres'

export type TestDatabase = { connectionString: string; drop: () => Promise<void> }

/**
 * A fresh, empty database for one test run: a new database on TEST_DATABASE_URI's server when
 * given, otherwise a throwaway embedded cluster in a temporary folder.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const external = process.env.TEST_DATABASE_URI
  if (external) {
    const name = `cms_test_${Date.now()}_${process.pid}`
    const admin = new pg.Client({ connectionString: external })
    await admin.connect()
    await admin.query(`create database ${admin.escapeIdentifier(name)}`)
    await admin.end()
    const url = new URL(external)
    url.pathname = `/${name}`
    return {
      connectionString: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: external })
        await client.connect()
        await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
        await client.end()
      },
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-test-'))
  fs.chmodSync(dataDir, 0o755)
  const cluster = await startEmbeddedPostgres({ dataDir })
  return {
    connectionString: cluster.connectionString,
    drop: async () => {
      await cluster.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
