/**
 * How much one query may ask of the database, for the partner API and Payload's own REST and
 * GraphQL alike. Payload turns every word of a `like` into its own ILIKE, so words are capped
 * like conditions are.
 */
export const queryLimits = {
  depth: 4,
  conditions: 30,
  listItems: 100,
  valueLength: 500,
  likeWords: 8,
  /**
   * Every character of a `like` or `contains` pattern is compared at every position of every
   * row's text: the patterns of one query, all together, are kept short.
   */
  likeCharacters: 256,
  /** A full-text `search` is one indexed condition; its words only lengthen the query. */
  searchWords: 32,
} as const

/** As Payload counts them: every space starts another ILIKE, empty ones included. */
export const wordsIn = (text: string): number => text.split(' ').length
