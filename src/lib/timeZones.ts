/**
 * The IANA zones a tenant or a performance may name: what this Node's ICU knows, and UTC
 * (which `Intl.supportedValuesOf` leaves out). One list for the tenant's setting, the
 * performances' zones and the admin's picker, so every choice of one is valid for the others.
 */
let known: readonly string[] | undefined

export const timeZones = (): readonly string[] => {
  known ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort()
  return known
}

export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && timeZones().includes(value)

/** The zones as Payload's `admin.timezones.supportedTimezones`. */
export const timeZoneOptions = (): { label: string; value: string }[] =>
  timeZones().map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone }))

/** A field validation: empty, or one of the known zones. */
export const validateTimeZone = (value: unknown): true | string =>
  value === null || value === undefined || value === '' || isTimeZone(value)
    ? true
    : 'Choose an IANA time zone, such as Europe/London.'

/**
 * The list's name for a zone Intl knows by another (Asia/Kolkata is Asia/Calcutta to this ICU,
 * Etc/UTC is UTC); anything else as it was, for the validation to refuse.
 */
export const canonicalTimeZone = (value: unknown): unknown => {
  if (typeof value !== 'string' || value === '' || isTimeZone(value)) return value
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone
    return isTimeZone(resolved) ? resolved : value
  } catch {
    return value
  }
}
