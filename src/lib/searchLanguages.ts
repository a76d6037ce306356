/**
 * The languages full-text search knows (PostgreSQL's text search configurations), each with
 * an index of its own on every searchable table (`plugins/searchIndexes.ts`). `simple` finds
 * words as written; a language also finds their other forms (sing, sings, singing) and leaves
 * out its common words.
 */
export const searchLanguages = [
  { value: 'simple', label: 'Any language (words as written)' },
  { value: 'english', label: 'English' },
  { value: 'french', label: 'French' },
  { value: 'german', label: 'German' },
  { value: 'dutch', label: 'Dutch' },
  { value: 'spanish', label: 'Spanish' },
  { value: 'italian', label: 'Italian' },
  { value: 'norwegian', label: 'Norwegian' },
  { value: 'swedish', label: 'Swedish' },
] as const

export type SearchLanguage = (typeof searchLanguages)[number]['value']

export const defaultSearchLanguage: SearchLanguage = 'simple'

export const isSearchLanguage = (value: unknown): value is SearchLanguage =>
  searchLanguages.some((language) => language.value === value)

/**
 * How much of a record's text search keeps: a title and the start of its text rank it well,
 * and ranking re-reads the kept text of every match. A longer record is kept cut, not refused.
 */
export const searchTextMaxLength = 20_000
