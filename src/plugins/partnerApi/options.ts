import type { Config, SanitizedConfig } from 'payload'

import { optionDefaults, type PartnerApiOptions } from './defaults'

/** What an installation passes: any option, media fetch settings one by one. */
export type PartnerApiInput = Partial<Omit<PartnerApiOptions, 'mediaFetch' | 'cache'>> & {
  mediaFetch?: Partial<PartnerApiOptions['mediaFetch']>
  cache?: Partial<PartnerApiOptions['cache']>
}

const dropUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

export const resolveOptions = (input: PartnerApiInput = {}): PartnerApiOptions => ({
  ...optionDefaults,
  ...dropUndefined(input),
  mediaFetch: { ...optionDefaults.mediaFetch, ...dropUndefined(input.mediaFetch ?? {}) },
  cache: { ...optionDefaults.cache, ...dropUndefined(input.cache ?? {}) },
})

/**
 * The options the plugin was given, as it recorded them on the configuration. A configuration
 * without the plugin gets the defaults: the code that reads them also runs in unit tests.
 */
export const partnerOptions = (
  config: Pick<Config | SanitizedConfig, 'custom'>,
): PartnerApiOptions =>
  (config.custom?.partnerApi as PartnerApiOptions | undefined) ?? optionDefaults
