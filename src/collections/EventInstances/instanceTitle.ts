import { localDateTime } from '../../lib/zonedTime'

export type TitleInputs = {
  eventTitle: string | null | undefined
  start: unknown
  timeZone: string | null | undefined
}

/** `Hamlet — 2027-07-10 19:30`: the event's title and the local start, or none without both. */
export const instanceTitle = ({ eventTitle, start, timeZone }: TitleInputs): string | undefined => {
  const when = localDateTime({ value: start, timeZone })
  return eventTitle && when ? `${eventTitle} — ${when}` : undefined
}

/**
 * The defaults a stored title may be, made from the values it was saved with: the local one,
 * and the UTC one titles had before performances had zones (so those follow their start too).
 */
export const formerDefaults = (inputs: TitleInputs): string[] =>
  [instanceTitle(inputs), instanceTitle({ ...inputs, timeZone: 'UTC' })].filter(
    (title): title is string => Boolean(title),
  )

/**
 * The title to store: the default for the new values when the title is empty or still the
 * default of the old ones (it follows the start); an editor's own title stays.
 */
export const nextTitle = ({
  title,
  previous,
  next,
}: {
  title: string | null | undefined
  previous: TitleInputs | undefined
  next: TitleInputs
}): string | null | undefined => {
  const isDefault = !title || (previous !== undefined && formerDefaults(previous).includes(title))
  return isDefault ? (instanceTitle(next) ?? title) : title
}
