import type { Config, SanitizedConfig } from 'payload'

import { optionDefaults, type TicketingOptions } from './defaults'

export type TicketingInput = Partial<TicketingOptions>

export const resolveOptions = (input: TicketingInput = {}): TicketingOptions => ({
  ...optionDefaults,
  ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
})

/** The options the plugin recorded on the configuration (the defaults without the plugin). */
export const ticketingOptions = (
  config: Pick<Config | SanitizedConfig, 'custom'>,
): TicketingOptions => (config.custom?.ticketing as TicketingOptions | undefined) ?? optionDefaults
