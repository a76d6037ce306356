import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { startEmbeddedPostgres } from '../src/db/embeddedPostgres'
import { resolveSecret } from '../src/lib/secret'
import { readSettings } from '../src/lib/settings'

/**
 * Runs `task` with DATABASE_URI and PAYLOAD_SECRET set the way `npm run dev` sets them: the
 * development database (DATABASE_URI, or the embedded cluster's `cms_dev`, shared with a
 * running `npm run dev`), then exits with the task's outcome.
 */
export const withDatabase = async (task: () => Promise<number | void>): Promise<never> => {
  const settings = readSettings()
  process.env.PAYLOAD_SECRET = resolveSecret({
    configured: settings.payloadSecret,
    dataDir: settings.dataDir,
    production: false,
  })
  const embedded = settings.databaseUri
    ? undefined
    : await startEmbeddedPostgres({ dataDir: settings.dataDir, database: 'cms_dev' })
  if (embedded) process.env.DATABASE_URI = embedded.connectionString
  let code = 0
  try {
    code = (await task()) ?? 0
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err)
    code = 1
  } finally {
    await embedded?.stop()
  }
  process.exit(code)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Runs a task script in a child process, with the environment `withDatabase` settled. */
export const runTask = ({ file, args = [] }: { file: string; args?: string[] }): number =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, file), ...args], {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
  }).status ?? 1
