import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig, type Config } from 'payload'

import { Blogs } from './src/collections/Blogs'
import { CustomAttributes } from './src/collections/CustomAttributes'
import { EventInstances } from './src/collections/EventInstances'
import { Events } from './src/collections/Events'
import { Folders } from './src/collections/Folders'
import { Media } from './src/collections/Media'
import { MediaTags } from './src/collections/MediaTags'
import { Organizations } from './src/collections/Organizations'
import { Pages } from './src/collections/Pages'
import { People } from './src/collections/People'
import { Seasons } from './src/collections/Seasons'
import { Series } from './src/collections/Series'
import { Tenants } from './src/collections/Tenants'
import { Users } from './src/collections/Users'
import { Venues } from './src/collections/Venues'
import { Works } from './src/collections/Works'
import { databaseAdapter } from './src/db/adapter'
import { answerOutagesAs503 } from './src/hooks/answerOutagesAs503'
import { payloadLoggerConfig } from './src/lib/logger'
import { readSettings } from './src/lib/settings'
import { timeZoneOptions } from './src/lib/timeZones'
import { plugins } from './src/plugins'
import { pluginIndexes, pluginTables } from './src/plugins/tables'
import { boundedSharp } from './src/uploads/boundedSharp'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const settings = readSettings()

/** The configuration before Payload sanitises it: tests build variants of it. */
export const configOptions: Config = {
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ' · Arts CMS' },
    // The default avatar is a Gravatar image: nothing in the admin loads from outside.
    avatar: 'default',
    // The programme at a glance above the collections' cards (src/components/Dashboard).
    components: { beforeDashboard: ['/components/Dashboard#ProgrammeDashboard'] },
    // Every zone a tenant may choose, so a performance can be in any of them (src/lib/timeZones.ts).
    timezones: { supportedTimezones: timeZoneOptions(), defaultTimezone: settings.timeZone },
  },
  collections: [
    Events,
    EventInstances,
    Works,
    Seasons,
    Series,
    Venues,
    People,
    Organizations,
    Pages,
    Blogs,
    CustomAttributes,
    Media,
    MediaTags,
    Folders,
    Tenants,
    Users,
  ],
  db: databaseAdapter({
    // server.ts sets DATABASE_URI (embedded or external) before the app loads this file.
    connectionString: settings.databaseUri ?? '',
    poolMax: settings.poolMax,
    connectTimeoutMs: settings.dbConnectTimeoutMs,
    statementTimeoutMs: settings.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: settings.dbIdleInTransactionTimeoutMs,
    preparedStatements: settings.dbPreparedStatements,
    migrationDir: path.resolve(dirname, 'src/migrations'),
    push: settings.dbPush,
    tables: pluginTables,
    indexes: pluginIndexes,
    readReplicas: {
      uris: settings.databaseReadUris,
      maxLagMs: settings.databaseReadMaxLagMs,
      probeMs: settings.databaseReadProbeMs,
      connectTimeoutMs: settings.databaseReadConnectTimeoutMs,
    },
  }),
  hooks: { afterError: [answerOutagesAs503] },
  // Payload's schedule drawer lists the record's waiting publishes and unpublishes under this.
  i18n: { translations: { en: { general: { upcomingEvents: 'Scheduled changes' } } } },
  // Production logs JSON lines that name their request; development keeps Payload's pretty lines.
  ...(settings.production ? { logger: payloadLoggerConfig() } : {}),
  // In src/plugins/index.ts, in the order they must run; the partner API adds the key collection.
  plugins,
  secret: settings.payloadSecret ?? '',
  // Payload's multipart reader: the same file cap as the partner API.
  upload: { limits: { fileSize: settings.mediaUploadLimitBytes } },
  sharp: boundedSharp(),
  telemetry: false,
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
}

export default buildConfig(configOptions)
