import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

// The full-text indexes are now declared in the schema (src/plugins/searchIndexes.ts, from each
// collection's `searchable`), so this migration's snapshot holds them and the next searchable
// collection's migration writes its own. The database already has every one of them, made by
// hand in `search_text` and `search_language` with the same names and definitions: the 99
// statements migrate:create wrote here (CREATE INDEX … USING gin …) were removed, nothing runs.

export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
