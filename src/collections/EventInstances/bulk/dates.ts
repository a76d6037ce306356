/**
 * The local dates and times of a run of performances, from a list an editor types or a weekly
 * pattern: wall-clock strings (`2027-09-01T19:30`) in the organisation's zone, which the server
 * turns into instants. Pure, so the admin previews exactly what the server will read.
 */

/** Performances one request may add, change or remove. */
export const mostPerformances = 200

/** The longest run a pattern may span: two seasons, and a bound on the days it walks. */
export const longestRunDays = 731

export type Listed = { locals: string[]; problems: { line: number; message: string }[] }

const time = /^([01]?\d|2[0-3])[:.h]([0-5]\d)$/
const day = /^(\d{4})-(\d{2})-(\d{2})$/

const pad = (n: number): string => String(n).padStart(2, '0')

/** `19:30`, `9.15`, `20h00` → `19:30`; anything else `undefined`. */
export const readTime = (text: string): string | undefined => {
  const m = time.exec(text.trim())
  return m ? `${pad(Number(m[1]))}:${m[2]}` : undefined
}

/** A real calendar day as `YYYY-MM-DD`, or `undefined`. */
export const readDay = (text: string): string | undefined => {
  const m = day.exec(text.trim())
  if (!m) return undefined
  const [year, month, date] = m.slice(1).map(Number) as [number, number, number]
  const at = new Date(Date.UTC(year, month - 1, date))
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? text.trim() : undefined
}

/**
 * One performance day per line: `2027-09-01 19:30`, or several times of one day
 * (`2027-09-04 14:30, 19:30`). Blank lines are skipped; each unreadable line is a problem.
 */
export const listedDates = (text: string): Listed => {
  const locals: string[] = []
  const problems: Listed['problems'] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line) return
    // A row pasted from a spreadsheet (`2027-09-01<tab>19:30`, `2027-09-01,19:30`) reads too.
    const [first = '', ...rest] = line.split(/[\sT,;]+/)
    const date = readDay(first)
    const times = rest
      .join(' ')
      .split(/[,;\s]+/)
      .filter(Boolean)
    const read = times.map(readTime)
    if (!date || times.length === 0 || read.some((t) => t === undefined))
      problems.push({
        line: index + 1,
        message: `"${line}" is not a date and time like 2027-09-01 19:30.`,
      })
    else for (const t of read) locals.push(`${date}T${t!}`)
  })
  return { locals, problems }
}

export type Pattern = {
  /** First and last day of the run, `YYYY-MM-DD`, both included. */
  from: string
  to: string
  /** Days of the week, 0 Sunday to 6 Saturday. */
  weekdays: readonly number[]
  /** Start times on each of those days, `HH:mm`. */
  times: readonly string[]
  /** Days in the run without a performance (a dark day, a holiday). */
  except?: readonly string[]
}

/** Every day of the pattern at each of its times, in order; problems instead when it cannot be read. */
export const patternDates = (pattern: Pattern): Listed => {
  const problems: Listed['problems'] = []
  const from = readDay(pattern.from)
  const to = readDay(pattern.to)
  const times = pattern.times.map(readTime)
  if (!from) problems.push({ line: 0, message: 'The first day is not a date.' })
  if (!to) problems.push({ line: 0, message: 'The last day is not a date.' })
  if (from && to && to < from)
    problems.push({ line: 0, message: 'The last day is before the first.' })
  if (from && to && Date.parse(to) - Date.parse(from) > longestRunDays * 86_400_000)
    problems.push({ line: 0, message: `A run spans at most ${String(longestRunDays)} days.` })
  if (pattern.weekdays.length === 0) problems.push({ line: 0, message: 'Choose days of the week.' })
  if (times.length === 0 || times.some((t) => t === undefined))
    problems.push({ line: 0, message: 'Give start times like 19:30.' })
  if (problems.length > 0 || !from || !to) return { locals: [], problems }
  const skipped = new Set(pattern.except ?? [])
  const locals: string[] = []
  const last = Date.parse(`${to}T00:00:00Z`)
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= last; at += 86_400_000) {
    const date = new Date(at)
    const iso = date.toISOString().slice(0, 10)
    if (!pattern.weekdays.includes(date.getUTCDay()) || skipped.has(iso)) continue
    for (const t of [...(times as string[])].sort()) locals.push(`${iso}T${t}`)
    // Stop early: a run past the limit is refused whole, and an open-ended one would not end.
    if (locals.length > mostPerformances) break
  }
  return { locals, problems }
}
