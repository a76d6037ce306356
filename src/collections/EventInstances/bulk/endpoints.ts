import type { Endpoint, PayloadRequest, TypedUser } from 'payload'
import { APIError, Forbidden, NotFound, ValidationError } from 'payload'

import { ItemFailed } from '../../../db/allOrNothing'
import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { isUuid } from '../../../lib/uuid'
import { listedDates, patternDates, readTime, type Listed, type Pattern } from './dates'
import {
  createPerformances,
  deletePerformances,
  planPerformances,
  updatePerformances,
  type Change,
} from './operations'

type Field = { field: string; message: string }

/** Refused input, with the fields it names: the admin shows each beside its field. */
class BadInput extends Error {
  constructor(readonly errors: Field[]) {
    super(errors.map((e) => e.message).join(' '))
  }
}

const refuse = (errors: Field[]): never => {
  throw new BadInput(errors)
}

const fieldErrors = (err: unknown, prefix = ''): Field[] | undefined => {
  const at = (field: string) => (prefix && field ? `${prefix}.${field}` : prefix || field)
  if (err instanceof BadInput) return err.errors.map((e) => ({ ...e, field: at(e.field) }))
  if (err instanceof ValidationError)
    return err.data.errors.map((e) => ({ field: at(e.path), message: e.message || 'Invalid.' }))
  if (err instanceof ItemFailed) {
    const inner = fieldErrors(err.cause, err.path)
    if (inner) return inner
    if (err.cause instanceof APIError && err.cause.status === 400)
      return [{ field: err.path, message: err.cause.message }]
  }
  return undefined
}

/** The answer for what an operation threw: a 400 naming fields, a 403, a 404, or Payload's own. */
const answerError = (err: unknown): Response => {
  const errors = fieldErrors(err)
  if (errors) return Response.json({ errors }, { status: 400 })
  const cause = err instanceof ItemFailed ? err.cause : err
  // Missing, another organisation's, or not the user's to change: one answer, so it tells
  // nobody which records exist elsewhere.
  if (cause instanceof NotFound || cause instanceof Forbidden)
    return Response.json(
      { errors: [{ message: 'No such performance or event of yours: nothing was changed.' }] },
      { status: 404 },
    )
  throw cause
}

const bodyOf = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  try {
    const parsed: unknown = req.json ? await req.json() : undefined
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>
  } catch {
    // Answered below, as any other body that is not an object.
  }
  return refuse([{ field: '', message: 'The body must be a JSON object.' }])
}

const text = (value: unknown, field: string): string | undefined =>
  value === undefined || value === null || value === ''
    ? undefined
    : typeof value === 'string'
      ? value
      : refuse([{ field, message: 'Must be text.' }])

/** A record's id: a UUID, or the field is refused before anything reaches PostgreSQL. */
const recordId = (value: unknown, field: string): string | undefined => {
  const id = text(value, field)
  return id === undefined || isUuid(id) ? id : refuse([{ field, message: 'Not a record.' }])
}

/** The chosen performances, each once. */
const ids = (value: unknown): string[] =>
  Array.isArray(value) && value.every(isUuid)
    ? [...new Set(value.map((id) => id.toLowerCase()))]
    : refuse([{ field: 'ids', message: 'Choose performances.' }])

/** The local times asked for: a typed list, or a weekly pattern; unreadable lines are refused. */
const localsOf = (body: Record<string, unknown>): Listed => {
  if (typeof body.list === 'string') return listedDates(body.list)
  const pattern = body.pattern as Partial<Pattern> | undefined
  if (!pattern || typeof pattern !== 'object')
    return refuse([{ field: 'list', message: 'Give a list of dates or a pattern.' }])
  return patternDates({
    from: String(pattern.from ?? ''),
    to: String(pattern.to ?? ''),
    weekdays: Array.isArray(pattern.weekdays) ? pattern.weekdays.map(Number) : [],
    times: Array.isArray(pattern.times) ? pattern.times.map(String) : [],
    except: Array.isArray(pattern.except) ? pattern.except.map(String) : [],
  })
}

const duration = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined
  const minutes = Number(value)
  return Number.isInteger(minutes) && minutes > 0 && minutes <= 24 * 60
    ? minutes
    : refuse([{ field: 'durationMinutes', message: 'Minutes, from 1 to 1440.' }])
}

const handle =
  (
    work: (args: {
      req: PayloadRequest
      user: TypedUser
      body: Record<string, unknown>
    }) => Promise<Response>,
  ) =>
  async (req: PayloadRequest): Promise<Response> => {
    // Editors in the admin only: API keys have the partner API's batch route.
    const user = req.user?.collection === 'users' ? req.user : undefined
    if (!user) return Response.json({ errors: [{ message: 'Sign in first.' }] }, { status: 401 })
    try {
      const body = await bodyOf(req)
      // A batch holds a pooled connection for seconds: each person's run in their fair share of
      // the operations under way, as a partner's batch runs in its tenant's, so one editor's
      // many tabs cannot take the pool from everyone else.
      const ran = await fairQueue({ name: 'requests' }).run({
        owner: `user:${String(user.id)}`,
        task: () => work({ req, user, body }),
      })
      if ('over' in ran) throw fairRefusal({ over: ran.over, work: 'bulk changes' })
      return ran.value
    } catch (err) {
      return answerError(err)
    }
  }

/**
 * `POST /api/event-instances/bulk`: performances of one event from a list of dates or a weekly
 * pattern, in the organisation's zone. `preview: true` answers what would be created (and why
 * not) without writing; otherwise all are created in one transaction, or none.
 */
const addMany: Endpoint = {
  path: '/bulk',
  method: 'post',
  handler: handle(async ({ req, user, body }) => {
    const event =
      recordId(body.event, 'event') ??
      refuse([{ field: 'event', message: 'Save the event first.' }])
    const { locals, problems } = localsOf(body)
    const durationMinutes = duration(body.durationMinutes)
    if (body.preview === true) {
      const plan = await planPerformances({
        payload: req.payload,
        user,
        eventId: event,
        locals,
        durationMinutes,
      })
      return Response.json({ ...plan, problems })
    }
    if (problems.length > 0)
      refuse(
        problems.map((p) => ({
          field: p.line ? `list.${String(p.line)}` : 'pattern',
          message: p.message,
        })),
      )
    const venue = recordId(body.venue, 'venue')
    const made = await createPerformances({
      payload: req.payload,
      user,
      eventId: event,
      locals,
      ...(durationMinutes ? { durationMinutes } : {}),
      ...(venue ? { venue } : {}),
      includeExisting: body.includeExisting === true,
    })
    return Response.json(made, { status: 201 })
  }),
}

/** What a change of several may set; anything else is refused. */
const changeOf = (value: unknown): Change => {
  const change = (value ?? {}) as Record<string, unknown>
  const out: Change = {}
  const problems: Field[] = []
  for (const [name, v] of Object.entries(change)) {
    if (name === 'hidden' || name === 'cancelled') {
      if (typeof v === 'boolean') out[name] = v
      else problems.push({ field: `change.${name}`, message: 'Yes or no.' })
    } else if (name === 'venue') {
      if (v === null || isUuid(v)) out.venue = v
      else problems.push({ field: 'change.venue', message: 'A venue, or none.' })
    } else if (name === 'startTime') {
      const time = typeof v === 'string' ? readTime(v) : undefined
      if (time) out.startTime = time
      else problems.push({ field: 'change.startTime', message: 'A time like 19:30.' })
    } else problems.push({ field: `change.${name}`, message: 'Cannot be changed here.' })
  }
  if (problems.length === 0 && Object.keys(out).length === 0)
    problems.push({ field: 'change', message: 'Nothing to change.' })
  return problems.length > 0 ? refuse(problems) : out
}

/** `PATCH /api/event-instances/bulk` `{ ids, change }`: several at once, all or none. */
const changeMany: Endpoint = {
  path: '/bulk',
  method: 'patch',
  handler: handle(async ({ req, user, body }) =>
    Response.json(
      await updatePerformances({
        payload: req.payload,
        user,
        ids: ids(body.ids),
        change: changeOf(body.change),
      }),
    ),
  ),
}

/** `DELETE /api/event-instances/bulk` `{ ids }`: several at once, all or none. */
const deleteMany: Endpoint = {
  path: '/bulk',
  method: 'delete',
  handler: handle(async ({ req, user, body }) =>
    Response.json(await deletePerformances({ payload: req.payload, user, ids: ids(body.ids) })),
  ),
}

export const bulkEndpoints: Endpoint[] = [addMany, changeMany, deleteMany]
