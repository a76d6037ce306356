import path from 'node:path'

/**
 * Every environment setting the CMS reads, in one place, so the README's table and the code
 * cannot disagree. Values are read on each call: tests and launchers change `process.env`.
 */
export type Settings = {
  databaseUri: string | undefined
  dataDir: string
  payloadSecret: string | undefined
  port: number
  host: string
  serverUrl: string
  poolMax: number
  dbConnectTimeoutMs: number
  readyTimeoutMs: number
  shutdownTimeoutMs: number
  production: boolean
  /** Development pushes the schema; `DB_PUSH=false` makes it use the migrations as production does. */
  dbPush: boolean
  partnerCorsOrigins: string[]
  partnerBodyLimitBytes: number
  mediaUploadLimitBytes: number
  mediaFetchTimeoutMs: number
  mediaFetchAllowedHosts: string[]
  /** Partner requests per key and minute unless the key sets its own; 0 turns the limit off. */
  partnerRateLimitPerMinute: number
  /** Partner requests without a valid key per client address and minute; 0 turns it off. */
  partnerFailedAuthPerMinute: number
  /** API keys one tenant may hold. */
  apiKeysPerTenant: number
  /** Longest a single SQL statement may run (0: no limit). */
  dbStatementTimeoutMs: number
  /** Longest a transaction may sit idle holding its locks (0: no limit). */
  dbIdleInTransactionTimeoutMs: number
  /** Largest body Payload's own routes and the admin read, other than file uploads. */
  requestBodyLimitBytes: number
  /** Largest image, in pixels (width × height), decoded from an upload. */
  imageMaxPixels: number
  /** Images decoded and resized at once in this process. */
  imageConcurrency: number
  /** Days the change log keeps its entries; an older cursor must resynchronise. */
  changeLogRetentionDays: number
}

const listSetting = (name: string, fallback: string): string[] =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** Where the project is: the data folder and the installed packages are found from here. */
export const projectRoot = (): string => process.env.CMS_ROOT || process.cwd()

const intSetting = ({ name, fallback }: { name: string; fallback: number }): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Setting ${name} must be a whole number, got "${raw}"`)
  }
  return value
}

export const readSettings = (): Settings => {
  const port = intSetting({ name: 'PORT', fallback: 3000 })
  return {
    databaseUri: process.env.DATABASE_URI || undefined,
    dataDir: path.resolve(projectRoot(), process.env.CMS_DATA_DIR || '.data'),
    payloadSecret: process.env.PAYLOAD_SECRET || undefined,
    port,
    host: process.env.HOST || 'localhost',
    serverUrl: (process.env.SERVER_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    poolMax: intSetting({ name: 'DB_POOL_MAX', fallback: 10 }),
    dbConnectTimeoutMs: intSetting({ name: 'DB_CONNECT_TIMEOUT_MS', fallback: 5000 }),
    readyTimeoutMs: intSetting({ name: 'READY_TIMEOUT_MS', fallback: 2000 }),
    shutdownTimeoutMs: intSetting({ name: 'SHUTDOWN_TIMEOUT_MS', fallback: 10000 }),
    production: process.env.NODE_ENV === 'production',
    dbPush: process.env.DB_PUSH !== 'false',
    partnerCorsOrigins: listSetting('PARTNER_CORS_ORIGINS', '*'),
    partnerBodyLimitBytes: intSetting({ name: 'PARTNER_BODY_LIMIT_BYTES', fallback: 1_048_576 }),
    mediaUploadLimitBytes: intSetting({ name: 'MEDIA_UPLOAD_LIMIT_BYTES', fallback: 26_214_400 }),
    mediaFetchTimeoutMs: intSetting({ name: 'MEDIA_FETCH_TIMEOUT_MS', fallback: 10_000 }),
    mediaFetchAllowedHosts: listSetting('MEDIA_FETCH_ALLOWED_HOSTS', ''),
    partnerRateLimitPerMinute: intSetting({ name: 'PARTNER_RATE_LIMIT_PER_MINUTE', fallback: 600 }),
    partnerFailedAuthPerMinute: intSetting({
      name: 'PARTNER_FAILED_AUTH_PER_MINUTE',
      fallback: 120,
    }),
    apiKeysPerTenant: intSetting({ name: 'API_KEYS_PER_TENANT', fallback: 50 }),
    dbStatementTimeoutMs: intSetting({ name: 'DB_STATEMENT_TIMEOUT_MS', fallback: 30_000 }),
    dbIdleInTransactionTimeoutMs: intSetting({
      name: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      fallback: 60_000,
    }),
    requestBodyLimitBytes: intSetting({ name: 'REQUEST_BODY_LIMIT_BYTES', fallback: 2_097_152 }),
    imageMaxPixels: intSetting({ name: 'IMAGE_MAX_PIXELS', fallback: 40_000_000 }),
    imageConcurrency: intSetting({ name: 'IMAGE_CONCURRENCY', fallback: 2 }),
    changeLogRetentionDays: intSetting({ name: 'CHANGE_LOG_RETENTION_DAYS', fallback: 90 }),
  }
}
