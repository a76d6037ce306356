import type { CollectionBeforeDeleteHook, Where } from 'payload'

/**
 * Records that belong to the deleted one (`deletesWith`: an event's performances, which cannot
 * exist without it) go with it, in the same transaction. Leaving them made the delete fail in
 * the database (a 500).
 */
export const deleteDependants: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  for (const { collection: dependant, field } of collection.custom?.deletesWith ?? []) {
    const where: Where = { [field]: { equals: id } }
    await req.payload.delete({ collection: dependant, where, overrideAccess: true, req })
  }
}
