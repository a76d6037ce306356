/**
 * Runs Payload's CLI (generate:types, migrate:create, migrate, ...) against the same database
 * the app would use: DATABASE_URI when set, otherwise the embedded PostgreSQL, started for the
 * command and stopped after it.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { startEmbeddedPostgres } from '../src/db/embeddedPostgres'
import { resolveSecret } from '../src/lib/secret'
import { readSettings } from '../src/lib/settings'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const main = async (): Promise<number> => {
  const settings = readSettings()
  const env = { ...process.env }
  env.PAYLOAD_SECRET = resolveSecret({
    configured: settings.payloadSecret,
    dataDir: settings.dataDir,
    production: false,
  })
  // Generators read the config alone; everything else needs a database.
  const needsDatabase = !process.argv[2]?.startsWith('generate:')
  const embedded =
    settings.databaseUri || !needsDatabase
      ? undefined
      : // Payload's CLI works on the development database; production only ever runs migrations.
        await startEmbeddedPostgres({ dataDir: settings.dataDir, database: 'cms_dev' })
  if (embedded) env.DATABASE_URI = embedded.connectionString
  try {
    const bin = path.join(root, 'node_modules', '.bin', 'payload')
    const result = spawnSync(bin, process.argv.slice(2), { cwd: root, env, stdio: 'inherit' })
    return result.status ?? 1
  } finally {
    await embedded?.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  },
)
