import type { Config, SanitizedConfig } from 'payload'

import { inFlightPerTenant, optionDefaults, type WebhookOptions } from './defaults'

export type WebhookInput = Partial<WebhookOptions>

export const resolveOptions = (input: WebhookInput = {}): WebhookOptions => ({
  ...optionDefaults,
  ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
})

/** Deliveries one tenant may have on their way at once. */
export const tenantInFlightCap = (options: WebhookOptions): number =>
  options.perTenantInFlight ?? inFlightPerTenant(options.concurrency)

/** The options the plugin recorded on the configuration (the defaults without the plugin). */
export const webhookOptions = (config: Pick<Config | SanitizedConfig, 'custom'>): WebhookOptions =>
  (config.custom?.webhooks as WebhookOptions | undefined) ?? optionDefaults
