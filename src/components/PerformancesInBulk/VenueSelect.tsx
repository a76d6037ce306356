import type { Venue } from './useVenues'

/** One of the organisation's venues, or none. */
export const VenueSelect = ({
  label,
  value,
  venues,
  onChange,
}: {
  label: string
  value: string
  venues: readonly Venue[]
  onChange: (venue: string) => void
}) => (
  <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
    <option value="">No venue</option>
    {venues.map((v) => (
      <option key={v.id} value={v.id}>
        {v.title}
      </option>
    ))}
  </select>
)
