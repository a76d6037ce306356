'use client'
import { useDocumentDrawer } from '@payloadcms/ui'

/**
 * One performance in Payload's own drawer: "Edit" for a row (`id`), or "Add one" with the event
 * (and its organisation) filled in. Saving or deleting there closes it and reads the list again.
 */
export const OneDrawer = ({
  id,
  initialData,
  label,
  name,
  onChanged,
}: {
  id?: string
  initialData?: Record<string, unknown>
  label: string
  /** What a screen reader says of the button: which performance, or what it adds. */
  name: string
  onChanged: () => void
}) => {
  const [Drawer, Toggler, { closeDrawer }] = useDocumentDrawer({
    collectionSlug: 'event-instances',
    ...(id ? { id } : {}),
  })
  return (
    <>
      <Toggler className="performances-in-bulk__one" aria-label={name}>
        {label}
      </Toggler>
      <Drawer
        {...(initialData ? { initialData } : {})}
        onSave={() => {
          closeDrawer()
          onChanged()
        }}
        onDelete={() => {
          closeDrawer()
          onChanged()
        }}
      />
    </>
  )
}
