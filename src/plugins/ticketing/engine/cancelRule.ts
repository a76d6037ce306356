import type { FieldChange } from '../types'

/**
 * A cancelled performance is hidden; one that comes back is shown again only if the sync hid
 * it (an editor's own hiding stays). Both the full sync and the availability refresh judge by it.
 */
export const cancelRule = ({
  cancelled,
  hidden,
  hiddenBySync,
}: {
  cancelled: boolean
  hidden: boolean
  /** The link says the sync hid it. */
  hiddenBySync: boolean
}): { change?: FieldChange; hiddenBySync: boolean } => {
  if (cancelled && !hidden)
    return { change: { field: 'hidden', from: false, to: true }, hiddenBySync: true }
  if (!cancelled && hidden && hiddenBySync)
    return { change: { field: 'hidden', from: true, to: false }, hiddenBySync: false }
  return { hiddenBySync }
}
