const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|z|[+-]\d{2}:?\d{2})?$/

/**
 * A date or date-time that names a real instant, as PostgreSQL will take it. JavaScript reads
 * "30 February" as 2 March and a leap second (…:60) not at all; PostgreSQL refuses both, which
 * surfaced as 500s. Other strings are judged by JavaScript alone.
 */
export const isRealInstant = (value: unknown): boolean => {
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (typeof value !== 'string') return false
  if (Number.isNaN(new Date(value).getTime())) return false
  const parts = isoDateTime.exec(value.trim())
  if (!parts) return true
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = parts
  const year = Number(y)
  const month = Number(m)
  const day = Number(d)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    Number(hh) <= 23 &&
    Number(mm) <= 59 &&
    Number(ss) <= 59
  )
}
