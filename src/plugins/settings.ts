import { intSetting, listSetting, megabytes, milliseconds, wholeNumber } from '../lib/settings'
import type { PartnerApiInput } from './partnerApi'
import type { TicketingInput } from './ticketing/exports'
import type { WebhookInput } from './webhooks/exports'

/**
 * The plugins' options as the environment sets them; unset ones take each plugin's defaults.
 * Read on each call, like `readSettings`: tests and launchers change `process.env`.
 */
export const pluginSettings = (): {
  partnerApi: PartnerApiInput
  webhooks: WebhookInput
  ticketing: TicketingInput
} => ({
  partnerApi: {
    corsOrigins: listSetting('PARTNER_CORS_ORIGINS'),
    bodyLimitBytes: intSetting({ name: 'PARTNER_BODY_LIMIT_BYTES' }),
    rateLimitPerMinute: intSetting({ name: 'PARTNER_RATE_LIMIT_PER_MINUTE' }),
    failedAuthPerMinute: intSetting({ name: 'PARTNER_FAILED_AUTH_PER_MINUTE' }),
    keysPerTenant: intSetting({ name: 'API_KEYS_PER_TENANT' }),
    mediaFetch: {
      timeoutMs: intSetting({ name: 'MEDIA_FETCH_TIMEOUT_MS' }),
      allowedHosts: listSetting('MEDIA_FETCH_ALLOWED_HOSTS'),
    },
    cache: {
      enabled: process.env.PARTNER_CACHE === 'off' ? false : undefined,
      maxBytes: megabytes(intSetting({ name: 'PARTNER_CACHE_MAX_MB' })),
      ttlMs: milliseconds(intSetting({ name: 'PARTNER_CACHE_TTL_SECONDS' })),
    },
    sqlReads: process.env.PARTNER_SQL_READS === 'off' ? false : undefined,
    rememberedRecordBytes: megabytes(intSetting({ name: 'PARTNER_REMEMBERED_RECORDS_MB' })),
  },
  webhooks: {
    allowedHosts: listSetting('WEBHOOK_ALLOWED_HOSTS'),
    // Production delivers to https targets only (allowed hosts aside).
    allowHttp: process.env.NODE_ENV !== 'production',
    timeoutMs: intSetting({ name: 'WEBHOOK_TIMEOUT_MS' }),
    retryDelaysMs: listSetting('WEBHOOK_RETRY_DELAYS_MS')?.map((raw) =>
      wholeNumber({ name: 'WEBHOOK_RETRY_DELAYS_MS', raw }),
    ),
    pauseAfterMs: intSetting({ name: 'WEBHOOK_PAUSE_AFTER_MS' }),
    deliver: process.env.WEBHOOK_DELIVERY === 'off' ? false : undefined,
    perTenant: intSetting({ name: 'WEBHOOKS_PER_TENANT' }),
    logRetentionDays: intSetting({ name: 'WEBHOOK_LOG_RETENTION_DAYS' }),
    concurrency: intSetting({ name: 'WEBHOOK_CONCURRENCY' }),
    perTenantInFlight: intSetting({ name: 'WEBHOOK_PER_TENANT_IN_FLIGHT' }),
    testsPerMinute: intSetting({ name: 'WEBHOOK_TESTS_PER_MINUTE' }),
    pausedExpiryMs: intSetting({ name: 'WEBHOOK_PAUSED_EXPIRY_MS' }),
    backlogPerSubscription: intSetting({ name: 'WEBHOOK_BACKLOG_PER_SUBSCRIPTION' }),
  },
  ticketing: {
    allowedHosts: listSetting('TICKETING_ALLOWED_HOSTS'),
    pollMs: intSetting({ name: 'TICKETING_POLL_MS' }),
    runDeadlineMs: intSetting({ name: 'TICKETING_RUN_DEADLINE_MS' }),
    runRetentionDays: intSetting({ name: 'TICKETING_RUN_RETENTION_DAYS' }),
    availabilityDeadlineMs: intSetting({ name: 'TICKETING_AVAILABILITY_DEADLINE_MS' }),
    availabilityRetentionHours: intSetting({ name: 'TICKETING_AVAILABILITY_RETENTION_HOURS' }),
    httpTimeoutMs: intSetting({ name: 'TICKETING_HTTP_TIMEOUT_MS' }),
    maxResponseBytes: intSetting({ name: 'TICKETING_MAX_RESPONSE_BYTES' }),
    perTenant: intSetting({ name: 'TICKETING_CONNECTIONS_PER_TENANT' }),
    maxRecords: intSetting({ name: 'TICKETING_MAX_RECORDS' }),
    // Instances that only serve (and the test processes) run no syncs.
    run: process.env.TICKETING_RUNNER === 'off' ? false : undefined,
  },
})
