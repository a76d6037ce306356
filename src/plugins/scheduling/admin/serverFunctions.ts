import type { SchedulePublishHandlerArgs } from '@payloadcms/ui/utilities/schedulePublishHandler'
import { APIError, Forbidden, NotFound, ValidationError, type ServerFunction } from 'payload'

import { assertCanPublish, scheduleChange } from '../operations/scheduledChanges'
import { publishTask } from '../defaults'

const refuse = (t: ConstructorParameters<typeof Forbidden>[0]): never => {
  throw new Forbidden(t)
}

/**
 * The admin's "schedule publish", through the same operation as a partner's: the record must be
 * one the signed-in person may publish (Payload's own handler queues a job for any record, and
 * its delete removes any job by id, whoever's it is), the time is in bounds, and the tenant's
 * waiting changes are capped. What is refused is said in the drawer.
 */
export const guardedSchedulePublish: ServerFunction<
  SchedulePublishHandlerArgs,
  Promise<{ error: string } | { message: string }>
> = async (args) => {
  const { req, doc, global, deleteID, date, type, timezone } = args
  const user = req.user ?? refuse(req.t)
  if (global) refuse(req.t)
  const check = async (collection: string, id: unknown) =>
    assertCanPublish({ payload: req.payload, user, collection, id: String(id) }).catch(
      (err: unknown) => (err instanceof NotFound ? refuse(req.t) : Promise.reject(err)),
    )
  if (deleteID !== undefined) {
    const job = await req.payload.findByID({
      collection: 'payload-jobs',
      id: deleteID,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    const target = (job?.input as { doc?: { relationTo?: string; value?: unknown } } | undefined)
      ?.doc
    if (!job || job.taskSlug !== publishTask || !target?.relationTo) refuse(req.t)
    else await check(target.relationTo, target.value)
    await req.payload.delete({ collection: 'payload-jobs', id: deleteID, overrideAccess: true })
  }
  if (doc && date) {
    try {
      await scheduleChange({
        payload: req.payload,
        user,
        collection: doc.relationTo,
        id: String(doc.value),
        action: type === 'unpublish' ? 'unpublish' : 'publish',
        at: new Date(date),
        ...(timezone ? { timeZone: timezone } : {}),
      })
    } catch (err) {
      if (err instanceof NotFound) refuse(req.t)
      if (err instanceof ValidationError)
        return { error: err.data.errors.map((e) => e.message).join(' ') }
      if (err instanceof APIError && (err.status === 429 || err.status === 503))
        return { error: err.message }
      throw err
    }
  }
  return { message: req.i18n.t('general:success') }
}

/** The server functions the admin's layout adds to Payload's (same names replace them). */
export const adminServerFunctions = { 'schedule-publish': guardedSchedulePublish }
