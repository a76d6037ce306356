import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Tenants } from './src/collections/Tenants'
import { Users } from './src/collections/Users'
import { databaseAdapter } from './src/db/adapter'
import { readSettings } from './src/lib/settings'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const settings = readSettings()

export default buildConfig({
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ' · Arts CMS' },
    // The default avatar is a Gravatar image: nothing in the admin loads from outside.
    avatar: 'default',
  },
  collections: [Tenants, Users],
  db: databaseAdapter({
    // server.ts sets DATABASE_URI (embedded or external) before the app loads this file.
    connectionString: settings.databaseUri ?? '',
    poolMax: settings.poolMax,
    connectTimeoutMs: settings.dbConnectTimeoutMs,
    migrationDir: path.resolve(dirname, 'src/migrations'),
  }),
  editor: lexicalEditor(),
  secret: settings.payloadSecret ?? '',
  sharp,
  telemetry: false,
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
})
