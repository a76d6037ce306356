import pg from 'pg'

const timestampWithZone = 1184

/** PostgreSQL's text of an instant in UTC with at most milliseconds: the only form taken apart. */
const utcText = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?\+00$/

/**
 * An instant as an answer carries it (`toISOString`'s form), straight from PostgreSQL's text
 * when the session's zone is UTC: every date of every row read made a Date and its ISO text
 * again. Any other form (another session zone, microseconds, a year past 9999, BC, infinity)
 * is read by the driver's own parser, as before.
 */
export const instantOfText = (text: string): string | Date => {
  const parts = utcText.exec(text)
  if (!parts) return pg.types.getTypeParser(timestampWithZone, 'text')(text) as Date
  return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').padEnd(3, '0')}Z`
}

/** The driver's parsers, with an instant read as above: for the read path's statements. */
export const readTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === timestampWithZone && format !== 'binary'
      ? instantOfText
      : pg.types.getTypeParser(oid, format ?? 'text'),
}
