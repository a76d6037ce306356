const seconds = (value: string | null | undefined): number => {
  const time = value ? new Date(value).getTime() : Number.NaN
  return Number.isNaN(time) ? 0 : Math.floor(time / 1000)
}

/**
 * A calendar entry's SEQUENCE and DTSTAMP from what it is written from: the last change of the
 * performance, its event (as published) or its venue. SEQUENCE is that change's distance from
 * the performance's creation in seconds, so it rises with every change without a stored
 * counter (a calendar client replaces an entry only for a higher SEQUENCE), and the same
 * records always give the same text (the cached answer's ETag holds).
 */
export const revisionOf = ({
  createdAt,
  updatedAt,
}: {
  createdAt: string
  /** When each record the entry shows last changed. */
  updatedAt: readonly (string | null | undefined)[]
}): { sequence: number; stamp: Date } => {
  const last = Math.max(seconds(createdAt), ...updatedAt.map(seconds))
  return { sequence: Math.max(0, last - seconds(createdAt)), stamp: new Date(last * 1000) }
}
