import path from 'node:path'

import { isTimeZone } from './timeZones'

/**
 * Every environment setting the CMS reads, in one place with the plugins' options
 * (`src/plugins/settings.ts`), so the README's table and the code cannot disagree. Values are
 * read on each call: tests and launchers change `process.env`.
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
  mediaUploadLimitBytes: number
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
  /** How often each instance looks for scheduled publishes that are due. */
  schedulePollMs: number
  /** The zone a new tenant starts with, and the one a tenant without a zone of its own keeps. */
  timeZone: string
  /** DNS servers outbound requests ask (`ip` or `ip:port`); unset: the system's (resolv.conf). */
  outboundDnsServers: string[] | undefined
  /** Longest one outbound name lookup may take, every try together. */
  outboundDnsTimeoutMs: number
  /**
   * Peers (addresses and CIDR ranges) whose `X-Forwarded-For` and `X-Request-Id` are believed:
   * the load balancers. Empty: none, the socket's address is the client's.
   */
  trustedProxies: string[]
  /**
   * Whether statements run again (reads and writes) run as named, prepared statements
   * (`DB_PREPARED_STATEMENTS=off`: none, and no `plan_cache_mode` startup option, for a pooler in
   * transaction mode that cannot keep them, such as PgBouncer before 1.21).
   */
  dbPreparedStatements: boolean
  /** One JSON line per request (`LOG_REQUESTS=off`: none). */
  logRequests: boolean
  /**
   * `SERVER_TIMING=on`: each answer of the direct routes says where its time went (a
   * `Server-Timing` header: authentication, input, each collection hook, SQL, …), for the bench
   * and for someone profiling an instance; off by default, when nothing is timed.
   */
  serverTiming: boolean
  /** The least level of the production JSON log lines. */
  logLevel: string
  /** The port `/metrics` (Prometheus) is served on, apart from the public one; unset: off. */
  metricsPort: number | undefined
  metricsHost: string
  /** Streaming replicas that serve reads which tolerate lag; none: every read on the primary. */
  databaseReadUris: string[]
  /** A replica further behind the primary than this is skipped until it catches up. */
  databaseReadMaxLagMs: number
  /** How often each replica's replay position and lag are measured. */
  databaseReadProbeMs: number
  /** Longest a connection to a replica may take before the read goes to the primary. */
  databaseReadConnectTimeoutMs: number
  /** The bucket media files go to; unset: the local disk (`<data dir>/media`). */
  s3: S3Settings | undefined
  /** A CDN or public bucket base partners get file URLs under; unset: the app's own route. */
  mediaPublicUrl: string | undefined
}

export type S3Settings = {
  bucket: string
  /** Unset: AWS, found from the region. Any other store (MinIO, R2, a test server) sets it. */
  endpoint: string | undefined
  region: string
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  forcePathStyle: boolean
  /** Longest one storage operation may take, every attempt together, before a 503. */
  timeoutMs: number
  maxAttempts: number
}

/** A comma-separated list; unset, the owner of the option decides (`undefined`). */
export const listSetting = (name: string): string[] | undefined =>
  process.env[name]
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** Where the project is: the data folder and the installed packages are found from here. */
export const projectRoot = (): string => process.env.CMS_ROOT || process.cwd()

export function intSetting(args: { name: string; fallback: number }): number
/** Without a fallback, unset means the option's owner decides (`undefined`). */
export function intSetting(args: { name: string }): number | undefined
export function intSetting({
  name,
  fallback,
}: {
  name: string
  fallback?: number
}): number | undefined {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  return wholeNumber({ name, raw })
}

export function wholeNumber({ name, raw }: { name: string; raw: string }): number {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Setting ${name} must be a whole number, got "${raw}"`)
  }
  return value
}

const zoneSetting = (name: string, fallback: string): string => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  if (!isTimeZone(raw)) throw new Error(`Setting ${name} must be an IANA time zone, got "${raw}"`)
  return raw
}

export const megabytes = (value: number | undefined): number | undefined =>
  value === undefined ? undefined : value * 1_048_576
export const milliseconds = (seconds: number | undefined): number | undefined =>
  seconds === undefined ? undefined : seconds * 1000

const s3Settings = (): S3Settings | undefined => {
  const bucket = process.env.S3_BUCKET
  if (!bucket) return undefined
  const accessKeyId = process.env.S3_ACCESS_KEY_ID
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY
  return {
    bucket,
    endpoint: process.env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined,
    region: process.env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    timeoutMs: intSetting({ name: 'S3_TIMEOUT_MS', fallback: 5000 }),
    maxAttempts: Math.max(1, intSetting({ name: 'S3_MAX_ATTEMPTS', fallback: 2 })),
  }
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
    mediaUploadLimitBytes: intSetting({ name: 'MEDIA_UPLOAD_LIMIT_BYTES', fallback: 26_214_400 }),
    dbStatementTimeoutMs: intSetting({ name: 'DB_STATEMENT_TIMEOUT_MS', fallback: 30_000 }),
    dbIdleInTransactionTimeoutMs: intSetting({
      name: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      fallback: 60_000,
    }),
    requestBodyLimitBytes: intSetting({ name: 'REQUEST_BODY_LIMIT_BYTES', fallback: 2_097_152 }),
    imageMaxPixels: intSetting({ name: 'IMAGE_MAX_PIXELS', fallback: 40_000_000 }),
    imageConcurrency: intSetting({ name: 'IMAGE_CONCURRENCY', fallback: 2 }),
    changeLogRetentionDays: intSetting({ name: 'CHANGE_LOG_RETENTION_DAYS', fallback: 90 }),
    schedulePollMs: intSetting({ name: 'SCHEDULE_POLL_MS', fallback: 10_000 }),
    timeZone: zoneSetting('CMS_TIME_ZONE', 'Europe/London'),
    outboundDnsServers: listSetting('OUTBOUND_DNS_SERVERS'),
    outboundDnsTimeoutMs: intSetting({ name: 'OUTBOUND_DNS_TIMEOUT_MS', fallback: 2000 }),
    trustedProxies: listSetting('TRUSTED_PROXIES') ?? [],
    dbPreparedStatements: process.env.DB_PREPARED_STATEMENTS !== 'off',
    logRequests: process.env.LOG_REQUESTS !== 'off',
    serverTiming: process.env.SERVER_TIMING === 'on',
    logLevel: process.env.LOG_LEVEL || 'info',
    metricsPort: intSetting({ name: 'METRICS_PORT' }),
    metricsHost: process.env.METRICS_HOST || '127.0.0.1',
    databaseReadUris: listSetting('DATABASE_READ_URIS') ?? [],
    databaseReadMaxLagMs: intSetting({ name: 'DATABASE_READ_MAX_LAG_MS', fallback: 5000 }),
    databaseReadProbeMs: intSetting({ name: 'DATABASE_READ_PROBE_MS', fallback: 1000 }),
    databaseReadConnectTimeoutMs: intSetting({
      name: 'DATABASE_READ_CONNECT_TIMEOUT_MS',
      fallback: 1000,
    }),
    s3: s3Settings(),
    mediaPublicUrl: process.env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
  }
}
