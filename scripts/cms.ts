/**
 * The CMS from the command line, for scripts (see scripts/tasks/cms.ts for the commands):
 *   npm run -s cms -- tenant create <slug> --name <name>
 *   npm run -s cms -- key create --tenant <slug>[,<slug>...] --scope read|write
 */
import { runTask, withDatabase } from './withDatabase'

await withDatabase(async () =>
  runTask({ file: 'scripts/tasks/cms.ts', args: process.argv.slice(2) }),
)
