/**
 * One formatter per zone: making one costs far more than formatting with it, and every date of
 * every record answered is formatted. A name that is no zone throws here and is never kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Local wall-clock parts of an instant in a zone. */
const partsIn = ({ instant, timeZone }: { instant: Date; timeZone: string }) => {
  const parts = formatterOf(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  }
}

/** The zone's offset from UTC at that instant, in milliseconds (east positive). */
export const offsetAt = ({ instant, timeZone }: { instant: Date; timeZone: string }): number => {
  const p = partsIn({ instant, timeZone })
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - (instant.getTime() - instant.getUTCMilliseconds())
}

const pad = (n: number): string => String(n).padStart(2, '0')

/**
 * A UTC form `toISOString` gives back unchanged: days to the 28th and hours to 23 exist in
 * every month, where a 30 February or a 24:00 would be read as the next day.
 */
const ownUtcForm =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/

const readable = (value: unknown): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const instant = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(instant.getTime()) ? undefined : instant
}

/**
 * An instant as ISO 8601 with the zone's local offset at that instant
 * (`2027-07-10T19:30:00.000+01:00`), the same instant as its UTC form. Without a zone, or an
 * offset of whole minutes (zones before standard time had seconds), the UTC form (`…Z`).
 * Values that are no instant are handed back as they are.
 */
export const isoInZone = ({
  value,
  timeZone,
}: {
  value: unknown
  timeZone: string | null | undefined
}): unknown => {
  // Every date of every record answered: most need no Date made of them.
  if (!timeZone && typeof value === 'string' && ownUtcForm.test(value)) return value
  const instant = readable(value)
  if (!instant) return value
  if (!timeZone) return instant.toISOString()
  let offset: number
  try {
    offset = offsetAt({ instant, timeZone })
  } catch {
    return instant.toISOString()
  }
  if (offset % 60_000 !== 0) return instant.toISOString()
  const local = new Date(instant.getTime() + offset).toISOString().slice(0, -1)
  const minutes = Math.abs(offset) / 60_000
  const sign = offset < 0 ? '-' : '+'
  return `${local}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** `2027-07-10 19:30`: the local date and time of an instant, for titles. */
export const localDateTime = ({
  value,
  timeZone,
}: {
  value: unknown
  timeZone: string | null | undefined
}): string | undefined => {
  const instant = readable(value)
  if (!instant) return undefined
  let p: ReturnType<typeof partsIn>
  try {
    p = partsIn({ instant, timeZone: timeZone || 'UTC' })
  } catch {
    return undefined
  }
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`
}

/**
 * The instant a local wall-clock time (`2027-09-01T19:30`) names in a zone; `undefined` when the
 * zone skips it (the hour clocks go forward). A time the zone has twice (the hour clocks go
 * back) is its first.
 */
export const instantAt = ({
  local,
  timeZone,
}: {
  local: string
  timeZone: string
}): Date | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!m) return undefined
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const real = new Date(wall)
  // 30 February or 24:61 is no time at all, not the day or hour it would roll over into.
  if (real.getUTCDate() !== day || real.getUTCMonth() !== month - 1 || hour > 23 || minute > 59)
    return undefined
  // The offset an hour either side of the wall time: the earlier reading that lands on it wins.
  const candidates = [wall - 3 * 3_600_000, wall + 3 * 3_600_000]
    .map((probe) => wall - offsetAt({ instant: new Date(probe), timeZone }))
    .sort((a, b) => a - b)
  for (const at of candidates) {
    const p = partsIn({ instant: new Date(at), timeZone })
    if (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall) return new Date(at)
  }
  return undefined
}
