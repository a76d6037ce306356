import type { Config, SanitizedConfig } from 'payload'

import { optionDefaults, type PreviewOptions } from './defaults'

export type PreviewInput = Partial<PreviewOptions>

export const resolveOptions = (input: PreviewInput = {}): PreviewOptions => ({
  ...optionDefaults,
  ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
})

/** The options the plugin recorded on the configuration (the defaults without the plugin). */
export const previewOptions = (config: Pick<Config | SanitizedConfig, 'custom'>): PreviewOptions =>
  (config.custom?.previews as PreviewOptions | undefined) ?? optionDefaults
