import type pg from 'pg'

const columnsOf = async (client: pg.Client, table: string): Promise<string[]> =>
  (await typedColumnsOf(client, table)).map((c) => c.name)

/** Each column, and the enum type to cast to where it has one (a version's enums differ). */
const typedColumnsOf = async (
  client: pg.Client,
  table: string,
): Promise<{ name: string; enumType: string | undefined }[]> =>
  (
    await client.query<{ column_name: string; data_type: string; udt_name: string }>(
      `select column_name, data_type, udt_name from information_schema.columns where table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => ({
    name: r.column_name,
    enumType: r.data_type === 'USER-DEFINED' ? r.udt_name : undefined,
  }))

/**
 * `count` copies of a template event, made in SQL (Payload's creates take minutes for 100k),
 * spread over `tenants` by `weights`, each with the latest version a draft-enabled kind reads.
 * Titles, slugs and times differ per copy, so sorts and filters have something to do.
 */
export const copyEvents = async ({
  client,
  templateId,
  tenants,
  count,
}: {
  client: pg.Client
  templateId: string
  /** Tenant ids, each repeated as often as its share of the copies. */
  tenants: string[]
  count: number
}): Promise<void> => {
  const columns = await columnsOf(client, 'events')
  const expression: Record<string, string> = {
    id: 'gen_random_uuid()',
    tenant_id: `($2::uuid[])[1 + (g % array_length($2::uuid[], 1))]`,
    title: `'Copied event ' || lpad(g::text, 7, '0')`,
    slug: `'copied-event-' || g`,
    created_at: `t.created_at - g * interval '1 second'`,
    updated_at: `t.updated_at - g * interval '1 second'`,
  }
  const list = columns.map((c) => `"${c}"`).join(', ')
  const values = columns.map((c) => expression[c] ?? `t."${c}"`).join(', ')
  await client.query(
    `insert into events (${list}) select ${values} from events t cross join generate_series(1, $3) g where t.id = $1`,
    [templateId, tenants, count],
  )
  const versionColumns = (await typedColumnsOf(client, '_events_v')).filter(
    ({ name }) =>
      ['parent_id', 'created_at', 'updated_at', 'latest'].includes(name) ||
      (name.startsWith('version_') && columns.includes(name.slice('version_'.length))),
  )
  const versionValues = versionColumns.map(({ name, enumType }) =>
    name === 'parent_id'
      ? 'e.id'
      : name === 'latest'
        ? 'true'
        : name === 'created_at' || name === 'updated_at'
          ? `e."${name}"`
          : `e."${name.slice('version_'.length)}"${enumType ? `::text::"${enumType}"` : ''}`,
  )
  await client.query(
    `insert into _events_v (${versionColumns.map((c) => `"${c.name}"`).join(', ')}) select ${versionValues.join(', ')} from events e where e.title like 'Copied event %'`,
  )
  // As autovacuum would in time: statistics, and the visibility map index-only scans need.
  await client.query('vacuum analyze events')
  await client.query('vacuum analyze _events_v')
}
