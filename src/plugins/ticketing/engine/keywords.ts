/**
 * Whether a performance passes its event's keyword filter: any of the filter's words among its
 * keywords, case-insensitive. No filter, or an empty one, keeps every performance.
 */
export const matchesKeywords = ({
  filter,
  keywords,
}: {
  filter: readonly string[] | null
  keywords: readonly string[]
}): boolean => {
  const wanted = (filter ?? []).map((word) => word.trim().toLowerCase()).filter(Boolean)
  if (wanted.length === 0) return true
  const held = new Set(keywords.map((word) => word.trim().toLowerCase()))
  return wanted.some((word) => held.has(word))
}
