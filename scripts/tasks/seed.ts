import config from '@payload-config'
import { getPayload } from 'payload'

import { seed } from '../../src/seed'

const payload = await getPayload({ config })
const { created, existing } = await seed({ payload })
console.log(`[seed] ${created} records created, ${existing} already there`)
console.log('[seed] sign in at /admin as admin@example.com / admin-password')
console.log('[seed] or as editor@harbour-theatre.example / editor-password (a tenant admin)')
process.exit(0)
