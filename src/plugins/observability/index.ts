import type { Plugin } from 'payload'

import { registerGauges } from './gauges'

export { timedHooks } from './timedHooks'

/**
 * The operator's figures that need Payload (its pool, its tables), added to the process's
 * Prometheus registry (`src/lib/metrics.ts`) once Payload is up. They are read when Prometheus
 * scrapes `METRICS_PORT`, so an instance nobody scrapes never runs their SQL.
 */
export const observability = (): Plugin => (config) => ({
  ...config,
  onInit: async (payload) => {
    await config.onInit?.(payload)
    registerGauges(payload)
  },
})
