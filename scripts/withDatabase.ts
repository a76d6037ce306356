import { startEmbeddedPostgres } from '../src/db/embeddedPostgres'
import { resolveSecret } from '../src/lib/secret'
import { readSettings } from '../src/lib/settings'
import { runShutdownHooks } from '../src/lib/shutdown'

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
    // The pool first, so the database does not stop under open connections.
    await runShutdownHooks()
    await embedded?.stop()
  }
  process.exit(code)
}
