/** `npm run seed`: loads the demo data set into the development database. Safe to run again. */
import { withDatabase } from './withDatabase'

await withDatabase(async () => {
  // One after the other: importing these at once can deadlock the TypeScript loader.
  const { getPayload } = await import('payload')
  const { default: config } = await import('../payload.config')
  const { seed } = await import('../src/seed')
  const payload = await getPayload({ config })
  const { created, existing } = await seed({ payload })
  console.log(`[seed] ${created} records created, ${existing} already there`)
  console.log('[seed] sign in at /admin as admin@example.com / admin-password')
  console.log('[seed] or as editor@harbour-theatre.example / editor-password (a tenant admin)')
  await payload.destroy()
})
