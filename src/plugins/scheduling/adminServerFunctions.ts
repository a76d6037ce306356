import {
  schedulePublishHandler,
  type SchedulePublishHandlerArgs,
} from '@payloadcms/ui/utilities/schedulePublishHandler'
import { Forbidden, NotFound, type ServerFunction } from 'payload'

import { assertCanPublish } from './operations'
import { publishTask } from './defaults'

const refuse = (t: ConstructorParameters<typeof Forbidden>[0]): never => {
  throw new Forbidden(t)
}

/**
 * The admin's "schedule publish" with the checks Payload's own handler leaves out: the record
 * must be one the signed-in person may publish (Payload queues a job for any record, and its
 * delete removes any job by id, whoever's it is). Then Payload's handler does the rest.
 */
export const guardedSchedulePublish: ServerFunction<SchedulePublishHandlerArgs> = async (args) => {
  const { req, doc, global, deleteID } = args
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
  }
  if (doc) await check(doc.relationTo, doc.value)
  return schedulePublishHandler(args)
}

/** The server functions the admin's layout adds to Payload's (same names replace them). */
export const adminServerFunctions = { 'schedule-publish': guardedSchedulePublish }
