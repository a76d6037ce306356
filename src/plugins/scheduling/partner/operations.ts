import { NotFound, type Payload, type SanitizedConfig } from 'payload'

import { isUuid } from '../../../lib/uuid'
import { partnerKinds } from '../../partnerApi/exports/records'
import {
  fail,
  queryProblems,
  readQuery,
  validateAgainst,
  type PartnerPrincipal,
} from '../../partnerApi/exports/routes'
import type { ScheduleAction } from '../defaults'
import {
  cancelScheduledChange,
  scheduleChange,
  schedulableCollections,
  upcomingChanges,
  type ScheduledChange,
} from '../operations/scheduledChanges'
import { scheduledSchemas } from './schemas'

type Args = { payload: Payload; principal: PartnerPrincipal }

export type ScheduledQuery = { kind?: string; record?: string }

/** The kinds (paths) whose records can be scheduled, and their collections. */
export const schedulableKinds = ({ config }: { config: SanitizedConfig }): Map<string, string> => {
  const collections = schedulableCollections({ config })
  return new Map(
    [...partnerKinds({ config }).values()]
      .filter((kind) => collections.includes(kind.collection))
      .map((kind) => [kind.path, kind.collection]),
  )
}

/** The list's query, checked whole; an unknown parameter is a problem, not ignored. */
export const parseScheduledQuery = ({
  search,
  kinds,
}: {
  search: string
  kinds: readonly string[]
}): ScheduledQuery => {
  const { params, problems } = readQuery({ search, known: ['kind', 'record'] })
  const kind = params.get('kind') ?? undefined
  if (kind !== undefined && !kinds.includes(kind))
    problems.push({ field: 'kind', message: `Must be one of: ${kinds.join(', ')}.` })
  const record = params.get('record') ?? undefined
  if (record !== undefined && !isUuid(record))
    problems.push({ field: 'record', message: 'Must be a uuid.' })
  return problems.length > 0 ? queryProblems(problems) : { kind, record }
}

const out = ({
  change,
  paths,
}: {
  change: ScheduledChange
  paths: Map<string, string>
}): Record<string, unknown> => ({
  id: change.id,
  kind: [...paths].find(([, collection]) => collection === change.collection)?.[0],
  record: change.record,
  action: change.action,
  at: change.at,
  createdBy: change.createdBy,
  createdAt: change.createdAt,
})

export const listScheduled = async ({
  payload,
  principal,
  query,
}: Args & { query: ScheduledQuery }) => {
  const paths = schedulableKinds(payload)
  const changes = await upcomingChanges({
    payload,
    tenant: principal.tenant.id,
    ...(query.kind ? { collection: paths.get(query.kind) } : {}),
    ...(query.record ? { record: query.record } : {}),
  })
  return { docs: changes.map((change) => out({ change, paths })) }
}

export const createScheduled = async ({
  payload,
  principal,
  body,
}: Args & { body: Record<string, unknown> }) => {
  const paths = schedulableKinds(payload)
  const input = validateAgainst<{
    kind: string
    record: string
    action: ScheduleAction
    at: string
  }>({ schema: scheduledSchemas([...paths.keys()]).ScheduledChangeCreate, body })
  const collection = paths.get(input.kind) ?? fail({ status: 400, detail: 'Unknown kind.' })
  const change = await scheduleChange({
    payload,
    user: principal.user,
    collection,
    id: input.record,
    action: input.action,
    at: new Date(input.at),
  }).catch((err: unknown) =>
    err instanceof NotFound
      ? fail({
          status: 404,
          detail: `No ${input.kind} record with id "${input.record}" in this tenant.`,
        })
      : Promise.reject(err),
  )
  return out({ change, paths })
}

export const deleteScheduled = async ({ payload, principal, id }: Args & { id: string }) => {
  const missing = (): never =>
    fail({ status: 404, detail: `No scheduled change with id "${id}" in this tenant.` })
  if (!isUuid(id)) missing()
  await cancelScheduledChange({ payload, tenant: principal.tenant.id, id }).catch((err: unknown) =>
    err instanceof NotFound ? missing() : Promise.reject(err),
  )
}
