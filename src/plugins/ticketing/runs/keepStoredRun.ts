import type { CollectionBeforeChangeHook } from 'payload'

/**
 * A run is the server's record of a sync: a user's update changes nothing in it. The system
 * (no user) writes it freely.
 */
export const keepStoredRun: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) =>
  req.user && operation === 'update' && originalDoc ? { ...originalDoc } : data
