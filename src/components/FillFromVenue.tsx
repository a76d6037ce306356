'use client'
import { SelectInput, useForm, useFormFields } from '@payloadcms/ui'
import type { OptionObject, UIFieldClientProps } from 'payload'
import { useEffect, useState } from 'react'

import { venueFromRecord } from '../collections/Events/venueFromRecord'
import { relationId, type RelationValue } from '../lib/relationId'
import type { Venue } from '../payload-types'

type Listed = Pick<Venue, 'id' | 'title' | 'address'>

/**
 * "Fill from a venue" at the top of an event's venue group: picks one of the event's
 * organisation's Venue records and copies its name and address into the group's own fields,
 * which the editor may then change. The group keeps its shape; nothing links the two.
 */
export const FillFromVenue = ({ path }: UIFieldClientProps) => {
  const group = path.slice(0, path.lastIndexOf('.') + 1)
  const tenant = useFormFields(([fields]) => fields.tenant?.value as RelationValue | undefined)
  const tenantId = tenant ? relationId(tenant) : undefined
  const { dispatchFields, setModified } = useForm()
  const [venues, setVenues] = useState<Listed[]>([])
  const [chosen, setChosen] = useState<string>()

  useEffect(() => {
    const query = new URLSearchParams({
      limit: '200',
      depth: '0',
      sort: 'title',
      'select[title]': 'true',
      'select[address]': 'true',
      ...(tenantId ? { 'where[tenant][equals]': tenantId } : {}),
    })
    const controller = new AbortController()
    fetch(`/api/venues?${query}`, { credentials: 'include', signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ docs: Listed[] }>) : { docs: [] }))
      .then(({ docs }) => setVenues(docs))
      .catch(() => undefined)
    return () => controller.abort()
  }, [tenantId])

  const fill = (option: OptionObject | OptionObject[] | null) => {
    const id = option && !Array.isArray(option) ? String(option.value) : undefined
    const venue = venues.find((v) => v.id === id)
    setChosen(id)
    if (!venue) return
    for (const [name, value] of Object.entries(venueFromRecord(venue)))
      dispatchFields({ type: 'UPDATE', path: `${group}${name}`, value })
    setModified(true)
  }

  return (
    <div className="fill-from-venue">
      <SelectInput
        name="fillFromVenue"
        path={`${group}fillFromVenue`}
        label="Fill from a venue"
        placeholder={venues.length ? 'Choose one of your venues' : 'No venues yet'}
        description="Copies the venue's name and address into the fields below, which stay editable."
        options={venues.map((v) => ({ label: v.title, value: v.id }))}
        value={chosen}
        onChange={(option) => fill(option as OptionObject | OptionObject[] | null)}
      />
    </div>
  )
}
