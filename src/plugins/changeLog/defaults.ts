/** The change feed's page size: default and most a partner may ask for. */
export const feedDefaults = { limit: 100, maxLimit: 1000 }

/** How often the retention job runs in each app instance. */
export const pruneIntervalMs = 60 * 60 * 1000
