import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * An event's performances belong to it (an instance cannot exist without its event): they go
 * with it, in the same transaction. Leaving them made the delete fail in the database (a 500).
 */
export const deletePerformances: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: 'event-instances',
    where: { event: { equals: id } },
    overrideAccess: true,
    req,
  })
}
