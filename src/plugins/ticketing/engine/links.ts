import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import type { SyncedKind } from '../types'

/** One row of `ticketing_links`, as the engine reads it. */
export type Link = {
  kind: SyncedKind
  externalId: string
  localId: string
  sourceHash: string
  hiddenBySync: boolean
}

type Row = {
  kind: string
  external_id: string
  local_id: string
  source_hash: string
  hidden_by_sync: boolean
}

/** Every link of a connection, keyed by kind and provider id. */
export const readLinks = async ({
  payload,
  connectionId,
}: {
  payload: Payload
  connectionId: string
}): Promise<Map<string, Link>> => {
  const rows = await executeInRequest<Row>({
    payload,
    query: sql`select kind, external_id, local_id, source_hash, hidden_by_sync
      from ticketing_links where connection_id = ${connectionId}`,
  })
  return new Map(
    rows.map((row) => [
      linkKey(row.kind as SyncedKind, row.external_id),
      {
        kind: row.kind as SyncedKind,
        externalId: row.external_id,
        localId: row.local_id,
        sourceHash: row.source_hash,
        hiddenBySync: row.hidden_by_sync,
      },
    ]),
  )
}

export const linkKey = (kind: SyncedKind, externalId: string): string => `${kind}:${externalId}`

/**
 * The tenant's records another connection synced: a run leaves them alone. Box-office ids are
 * only unique within one account (Line-Up and Tessitura count from 1), so two venues' accounts
 * of one provider in a tenant name the same ids; a record belongs to the connection that
 * synced it first.
 */
export const linkedElsewhere = async ({
  payload,
  tenantId,
  connectionId,
}: {
  payload: Payload
  tenantId: string
  connectionId: string
}): Promise<Set<string>> => {
  const rows = await executeInRequest<{ local_id: string }>({
    payload,
    query: sql`select distinct local_id from ticketing_links
      where tenant_id = ${tenantId} and connection_id <> ${connectionId}`,
  })
  return new Set(rows.map((row) => String(row.local_id)))
}

/** Writes a record's link in the record write's transaction (`req`). */
export const storeLink = async ({
  req,
  tenantId,
  connectionId,
  link,
}: {
  req: PayloadRequest
  tenantId: string
  connectionId: string
  link: Link
}): Promise<void> => {
  await executeInRequest({
    req,
    query: sql`insert into ticketing_links
        (tenant_id, connection_id, kind, external_id, local_id, source_hash, hidden_by_sync, last_synced_at)
      values (${tenantId}, ${connectionId}, ${link.kind}, ${link.externalId}, ${link.localId},
        ${link.sourceHash}, ${link.hiddenBySync}, now())
      on conflict (connection_id, kind, external_id) do update set
        local_id = excluded.local_id, source_hash = excluded.source_hash,
        hidden_by_sync = excluded.hidden_by_sync, last_synced_at = excluded.last_synced_at`,
  })
}

/** A deleted record's links go in its delete's transaction. */
export const dropLinksOfRecord = async ({
  req,
  kind,
  localId,
}: {
  req: PayloadRequest
  kind: SyncedKind
  localId: string
}): Promise<void> => {
  await executeInRequest({
    req,
    query: sql`delete from ticketing_links where kind = ${kind} and local_id = ${localId}`,
  })
}

/** A deleted connection's links go in its delete's transaction (its collection's afterDelete). */
export const dropLinksOfConnection = async ({
  req,
  connectionId,
}: {
  req: PayloadRequest
  connectionId: string
}): Promise<void> => {
  await executeInRequest({
    req,
    query: sql`delete from ticketing_links where connection_id = ${connectionId}`,
  })
}

/**
 * Whether a sync wrote the record: it has a link of a connection (a deleted connection's links
 * go with it, so its records are the editors' again). One indexed lookup.
 */
export const isLinked = async ({
  req,
  kind,
  localId,
}: {
  req: PayloadRequest
  kind: SyncedKind
  localId: string
}): Promise<boolean> => {
  const rows = await executeInRequest<{ linked: boolean }>({
    req,
    query: sql`select exists (select 1 from ticketing_links
      where local_id = ${localId} and kind = ${kind}) as linked`,
  })
  return rows[0]?.linked === true
}
