/** A moment as an editor of the organisation reads it: in the organisation's own time zone. */
export const when = ({ at, timeZone }: { at: string; timeZone?: string | null }): string =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZone ?? 'UTC',
    timeZoneName: 'short',
  }).format(new Date(at))
