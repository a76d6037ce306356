/** `npm run seed`: loads the demo data set into the development database. Safe to run again. */
import { runTask, withDatabase } from './withDatabase'

await withDatabase(async () => runTask({ file: 'scripts/tasks/seed.ts' }))
