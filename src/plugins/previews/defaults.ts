/**
 * The preview plugin's facts and option defaults, each defined here once.
 */

/** The collections whose drafts may be shared, by the partner kind path they are read at. */
export const previewKinds = { events: 'events', pages: 'pages' } as const

export type PreviewCollection = (typeof previewKinds)[keyof typeof previewKinds]

export const previewCollections: readonly PreviewCollection[] = Object.values(previewKinds)

/** The collection that holds preview links: one row per link, looked up on every use. */
export const previewLinksSlug = 'preview-links'

/** The query parameter a keyless retrieve reads its token from. */
export const previewParameter = 'preview'

/** The purpose the signing key is derived under (`src/lib/sealed.ts`): no other secret's key. */
export const signingPurpose = 'preview-links'

export type PreviewOptions = {
  /** How long a link lives when its maker does not say, in hours. */
  defaultHours: number
  /** The longest life a maker may ask for, in hours (400 past it). */
  maxHours: number
  /**
   * Where the API is reached from outside (`SERVER_URL`), for the link of a tenant that has no
   * website: the partner API's retrieve with `?preview=`.
   */
  serverUrl: string
}

export const optionDefaults: PreviewOptions = {
  defaultHours: 7 * 24,
  maxHours: 30 * 24,
  serverUrl: 'http://localhost:3000',
}
