'use client'
import { useEffect, useState } from 'react'

export type Venue = { id: string; title: string }

/** The organisation's venues, by title, for the venue pickers (read as the editor). */
export const useVenues = (tenant: string | undefined): Venue[] => {
  const [venues, setVenues] = useState<Venue[]>([])
  useEffect(() => {
    if (!tenant) return
    const query = new URLSearchParams({
      'where[tenant][equals]': tenant,
      sort: 'title',
      limit: '500',
      depth: '0',
      'select[title]': 'true',
    })
    void fetch(`/api/venues?${query.toString()}`, { credentials: 'include' })
      .then((res) => (res.ok ? (res.json() as Promise<{ docs: Venue[] }>) : { docs: [] }))
      .then((body) => setVenues(body.docs))
      .catch(() => setVenues([]))
  }, [tenant])
  return venues
}
