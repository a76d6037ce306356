/**
 * Moves an installation's media files from the local disk (`<CMS_DATA_DIR>/media`) into the
 * bucket `S3_BUCKET` names (see scripts/tasks/mediaToS3.ts):
 *   npm run media:to-s3 [-- --keep-local]
 * Works on the development database, or DATABASE_URI; run it against production with
 * DATABASE_URI set. Safe to run again, and to interrupt: what is already moved is skipped.
 */
import { runTask, withDatabase } from './withDatabase'

// It reads the installation's schema and never pushes one of its own.
process.env.DB_PUSH = 'false'

await withDatabase(async () =>
  runTask({ file: 'scripts/tasks/mediaToS3.ts', args: process.argv.slice(2) }),
)
