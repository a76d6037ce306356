import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { getTableColumns, sql } from '@payloadcms/db-postgres/drizzle'
import { uniqueIndex } from '@payloadcms/db-postgres/drizzle/pg-core'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

/** The partial index's name, which a refused insert's error names. */
export const activeRunIndexName = 'ticketing_sync_runs_one_active_idx'

/**
 * At most one queued-or-running run per connection and kind, across instances (a scheduled
 * availability refresh never answers a person's "Sync now" with a 409): a second request, a
 * schedule on another instance, a run taken up again all meet this index, declared in the
 * schema so the migrations carry it.
 */
export const declareActiveRunIndex: SchemaHook = ({ adapter, schema, extendTable }) => {
  const name = adapter.tableNameMap.get('ticketing_sync_runs')
  const table = name ? schema.tables[name] : undefined
  if (!table || !getTableColumns(table).connection || !getTableColumns(table).kind) return schema
  extendTable({
    table,
    extraConfig: (self) => ({
      [activeRunIndexName]: uniqueIndex(activeRunIndexName)
        .on(self.connection, self.kind)
        .where(sql`"status" in ('queued', 'running')`),
    }),
  })
  return schema
}
