import { intSetting, listSetting } from '../../../lib/settings'

/**
 * The engine's settings, read from the environment until the plugin's options
 * (`ticketingOptions(payload.config)`) carry them: this one file is swapped at merge.
 */
export const engineSettings = (): {
  allowedHosts: readonly string[]
  httpTimeoutMs: number
  maxResponseBytes: number
} => ({
  allowedHosts: listSetting('TICKETING_ALLOWED_HOSTS') ?? [],
  httpTimeoutMs: intSetting({ name: 'TICKETING_HTTP_TIMEOUT_MS' }) ?? 20_000,
  maxResponseBytes: intSetting({ name: 'TICKETING_MAX_RESPONSE_BYTES' }) ?? 32 * 1024 * 1024,
})
