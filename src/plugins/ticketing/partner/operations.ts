import type { Payload, SanitizedConfig } from 'payload'

import { isUuid } from '../../../lib/uuid'
import type { TicketingConnection } from '../../../payload-types'
import { validationFailed } from '../../../lib/partnerProblem'
import { providers } from '../defaults'
import {
  fail,
  validateAgainst,
  type JsonSchema,
  type PartnerPrincipal,
} from '../../partnerApi/exports/routes'
import { findConnection, requestSync } from '../operations/connectionOps'
import { connectionOut, runOut, runSummaryOut } from '../operations/partnerShape'
import { readSyncRequest } from '../operations/syncRequest'
import type { RunsQuery } from './runsQuery'
import { ticketingSchemas } from './schemas'

type ConnectionInput = Partial<
  Pick<
    TicketingConnection,
    | 'name'
    | 'provider'
    | 'spektrix'
    | 'tessitura'
    | 'lineup'
    | 'elevent'
    | 'syncEveryMinutes'
    | 'daysAhead'
    | 'importNewEvents'
    | 'syncToPublished'
    | 'removalLimitPercent'
    | 'availabilityEveryMinutes'
    | 'availabilityDaysAhead'
    | 'active'
    | 'credentials'
  >
>

type Args = { payload: Payload; principal: PartnerPrincipal }
type OnId = Args & { id: string }

const callerOf = (principal: PartnerPrincipal) => ({ tenantId: principal.tenant.id })

const missingConnection = (id: string): never =>
  fail({ status: 404, detail: `No ticketing connection with id "${id}" in this tenant.` })

/** The schemas of a configuration, made once: what the document says and bodies are held to. */
const schemasOf = new WeakMap<SanitizedConfig, Record<string, JsonSchema>>()

const readBody = <T>({
  payload,
  body,
  schema,
}: {
  payload: Payload
  body: Record<string, unknown>
  schema: string
}): T => {
  let schemas = schemasOf.get(payload.config)
  if (!schemas) {
    schemas = ticketingSchemas({ config: payload.config, kinds: [] })
    schemasOf.set(payload.config, schemas)
  }
  const found = schemas[schema]
  if (!found) throw new Error(`ticketing: no schema ${schema}`)
  return validateAgainst<T>({ schema: found, body })
}

/** A body setting another provider's group: refused, naming it, rather than stored unread. */
const refuseOtherGroups = ({
  body,
  provider,
}: {
  body: Record<string, unknown>
  provider: string
}) => {
  const others = providers
    .map(({ value }) => value)
    .filter((name) => name !== provider && body[name] !== undefined && body[name] !== null)
  if (others.length > 0)
    validationFailed(
      others.map((name) => ({
        field: name,
        message: `These are settings of another provider; this connection's provider is ${provider}.`,
      })),
    )
}

export const listConnections = async ({ payload, principal }: Args) => {
  const { docs } = await payload.find({
    collection: 'ticketing-connections',
    where: { tenant: { equals: principal.tenant.id } },
    sort: '-createdAt',
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return { docs: docs.map(connectionOut) }
}

export const createConnection = async ({
  payload,
  principal,
  body,
}: Args & { body: Record<string, unknown> }) => {
  const data = readBody<ConnectionInput>({ payload, body, schema: 'TicketingConnectionCreate' })
  refuseOtherGroups({ body, provider: String(data.provider) })
  const doc = await payload.create({
    collection: 'ticketing-connections',
    data: {
      ...data,
      name: data.name ?? '',
      provider: data.provider ?? 'spektrix',
      tenant: principal.tenant.id,
    },
    depth: 0,
    overrideAccess: true,
  })
  return connectionOut(doc)
}

export const retrieveConnection = async ({ payload, principal, id }: OnId) =>
  connectionOut(
    (await findConnection({ payload, caller: callerOf(principal), id })) ?? missingConnection(id),
  )

export const updateConnection = async ({
  payload,
  principal,
  id,
  body,
}: OnId & { body: Record<string, unknown> }) => {
  const data = readBody<ConnectionInput>({ payload, body, schema: 'TicketingConnectionUpdate' })
  const found =
    (await findConnection({ payload, caller: callerOf(principal), id })) ?? missingConnection(id)
  // A changed provider is the collection's refusal (naming `provider`); groups are judged by it.
  if (data.provider === undefined || data.provider === found.provider)
    refuseOtherGroups({ body, provider: found.provider })
  const doc = await payload.update({
    collection: 'ticketing-connections',
    id,
    data,
    depth: 0,
    overrideAccess: true,
  })
  return connectionOut(doc)
}

export const deleteConnection = async ({ payload, principal, id }: OnId): Promise<void> => {
  if (!(await findConnection({ payload, caller: callerOf(principal), id }))) missingConnection(id)
  await payload.delete({ collection: 'ticketing-connections', id, overrideAccess: true })
}

export const syncConnection = async ({
  payload,
  principal,
  id,
  body,
}: OnId & { body: Record<string, unknown> }) => {
  const request = readSyncRequest(body)
  const outcome =
    (await requestSync({
      payload,
      caller: callerOf(principal),
      id,
      ...request,
      requestedBy: { type: 'key', id: principal.key.id },
    })) ?? missingConnection(id)
  if ('refused' in outcome) return fail({ status: 400, detail: outcome.refused })
  if ('underWay' in outcome)
    return fail({
      status: 409,
      detail: `A ${request.kind} run of this connection is already ${outcome.underWay.status}: /${principal.tenant.slug}/ticketing-sync-runs/${outcome.underWay.id}.`,
    })
  return runOut(outcome.queued)
}

export const listRuns = async ({ payload, principal, query }: Args & { query: RunsQuery }) => {
  const found = await payload.find({
    collection: 'ticketing-sync-runs',
    where: {
      and: [
        { tenant: { equals: principal.tenant.id } },
        ...(query.connection ? [{ connection: { equals: query.connection } }] : []),
        ...(query.status ? [{ status: { equals: query.status } }] : []),
        ...(query.kind ? [{ kind: { equals: query.kind } }] : []),
      ],
    },
    sort: '-createdAt',
    limit: query.limit,
    page: query.page,
    depth: 0,
    // A plan may hold thousands of steps: a list reads and answers none.
    select: { plan: false },
    overrideAccess: true,
  })
  return {
    docs: found.docs.map(runSummaryOut),
    page: found.page ?? query.page,
    limit: query.limit,
    totalDocs: found.totalDocs,
    hasNextPage: found.hasNextPage,
  }
}

const missingRun = (id: string): never =>
  fail({ status: 404, detail: `No ticketing sync run with id "${id}" in this tenant.` })

export const retrieveRun = async ({ payload, principal, id }: OnId) => {
  if (!isUuid(id)) return missingRun(id)
  const { docs } = await payload.find({
    collection: 'ticketing-sync-runs',
    where: { and: [{ id: { equals: id } }, { tenant: { equals: principal.tenant.id } }] },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  const run = docs[0]
  return run ? runOut(run) : missingRun(id)
}
