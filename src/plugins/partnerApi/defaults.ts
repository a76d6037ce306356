/**
 * The partner API's fixed facts, each defined here once: the dated version in every path, where
 * it is mounted (the Next route folders `src/app/(partners)/api/partners/<version>/` serve it,
 * so a new version is a new folder), and the list defaults the document states.
 */
export const apiVersion = '2025-07'
export const partnerBasePath = `/api/partners/${apiVersion}`

export const listDefaults = { limit: 10, maxLimit: 100, sort: '-createdAt' } as const
