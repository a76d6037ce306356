/** `npm run seed`: loads the demo data set into the development database. Safe to run again. */
import { withDatabase } from './withDatabase'

await withDatabase(async () => {
  const [{ default: config }, { getPayload }, { seed }] = await Promise.all([
    import('../payload.config'),
    import('payload'),
    import('../src/seed'),
  ])
  const payload = await getPayload({ config })
  const { created, existing } = await seed({ payload })
  console.log(`[seed] ${created} records created, ${existing} already there`)
  console.log('[seed] sign in at /admin as admin@example.com / admin-password')
  console.log('[seed] or as editor@harbour-theatre.example / editor-password (a tenant admin)')
  await payload.destroy()
})
