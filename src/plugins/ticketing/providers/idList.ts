/**
 * The performances an event with `eventSyncType: 'selected'` keeps: `spektrixInstances` holds
 * a JSON array of ids (`["67201AVCRK…"]`), or a comma- or whitespace-separated list. Anything
 * that is not a list of strings reads as the ids written in it, so a stray quote never drops
 * the whole list.
 */
export const parseInstanceIds = (value: unknown): string[] => {
  if (typeof value !== 'string' || value.trim() === '') return []
  const raw = value.trim()
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed))
        return unique(parsed.filter((v): v is string => typeof v === 'string').map((v) => v.trim()))
    } catch {
      // Not JSON after all: read the ids written in it below.
    }
  }
  return unique(raw.split(/[\s,;[\]"']+/).map((v) => v.trim()))
}

const unique = (ids: string[]): string[] => [...new Set(ids.filter(Boolean))]
