import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_events_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum__events_v_version_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_works_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_seasons_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_series_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_venues_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_people_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_organizations_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_pages_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum__pages_v_version_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_blogs_search_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  CREATE TYPE "public"."enum_tenants_language" AS ENUM('simple', 'english', 'french', 'german', 'dutch', 'spanish', 'italian', 'norwegian', 'swedish');
  ALTER TABLE "events" ADD COLUMN "search_language" "enum_events_search_language";
  ALTER TABLE "_events_v" ADD COLUMN "version_search_language" "enum__events_v_version_search_language";
  ALTER TABLE "works" ADD COLUMN "search_language" "enum_works_search_language";
  ALTER TABLE "seasons" ADD COLUMN "search_language" "enum_seasons_search_language";
  ALTER TABLE "series" ADD COLUMN "search_language" "enum_series_search_language";
  ALTER TABLE "venues" ADD COLUMN "search_language" "enum_venues_search_language";
  ALTER TABLE "people" ADD COLUMN "search_language" "enum_people_search_language";
  ALTER TABLE "organizations" ADD COLUMN "search_language" "enum_organizations_search_language";
  ALTER TABLE "pages" ADD COLUMN "search_language" "enum_pages_search_language";
  ALTER TABLE "_pages_v" ADD COLUMN "version_search_language" "enum__pages_v_version_search_language";
  ALTER TABLE "blogs" ADD COLUMN "search_language" "enum_blogs_search_language";
  ALTER TABLE "tenants" ADD COLUMN "language" "enum_tenants_language" DEFAULT 'simple';`)

  // By hand: every record takes its tenant's language, and each language has an index of its
  // own on each searchable table, which a search in that language names in its condition.
  // The lists are written out: this migration must not change when the code's lists do.
  for (const [table, versions] of searchableTables) {
    const column = (name: string) => sql.identifier(versions ? `version_${name}` : name)
    await db.execute(sql`
      UPDATE ${sql.identifier(table)} AS r SET ${column('search_language')} = t."language"::text::${sql.identifier(versions ? `enum_${table}_version_search_language` : `enum_${table}_search_language`)}
      FROM "tenants" t WHERE t."id" = r.${column('tenant_id')}`)
    for (const language of stemmedLanguages) {
      await db.execute(
        sql.raw(
          `CREATE INDEX "${table}_search_${language}_idx" ON "${table}" USING gin (to_tsvector('${language}', coalesce("${versions ? 'version_' : ''}search_text", ''))) WHERE "${versions ? 'version_' : ''}search_language" = '${language}'${versions ? ' AND "latest"' : ''}`,
        ),
      )
    }
  }
}

const searchableTables: [string, boolean][] = [
  ['events', false],
  ['_events_v', true],
  ['works', false],
  ['seasons', false],
  ['series', false],
  ['venues', false],
  ['people', false],
  ['organizations', false],
  ['pages', false],
  ['_pages_v', true],
  ['blogs', false],
]

const stemmedLanguages = [
  'english',
  'french',
  'german',
  'dutch',
  'spanish',
  'italian',
  'norwegian',
  'swedish',
]

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  for (const [table] of searchableTables)
    for (const language of stemmedLanguages)
      await db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_search_${language}_idx"`))
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "search_language";
  ALTER TABLE "_events_v" DROP COLUMN "version_search_language";
  ALTER TABLE "works" DROP COLUMN "search_language";
  ALTER TABLE "seasons" DROP COLUMN "search_language";
  ALTER TABLE "series" DROP COLUMN "search_language";
  ALTER TABLE "venues" DROP COLUMN "search_language";
  ALTER TABLE "people" DROP COLUMN "search_language";
  ALTER TABLE "organizations" DROP COLUMN "search_language";
  ALTER TABLE "pages" DROP COLUMN "search_language";
  ALTER TABLE "_pages_v" DROP COLUMN "version_search_language";
  ALTER TABLE "blogs" DROP COLUMN "search_language";
  ALTER TABLE "tenants" DROP COLUMN "language";
  DROP TYPE "public"."enum_events_search_language";
  DROP TYPE "public"."enum__events_v_version_search_language";
  DROP TYPE "public"."enum_works_search_language";
  DROP TYPE "public"."enum_seasons_search_language";
  DROP TYPE "public"."enum_series_search_language";
  DROP TYPE "public"."enum_venues_search_language";
  DROP TYPE "public"."enum_people_search_language";
  DROP TYPE "public"."enum_organizations_search_language";
  DROP TYPE "public"."enum_pages_search_language";
  DROP TYPE "public"."enum__pages_v_version_search_language";
  DROP TYPE "public"."enum_blogs_search_language";
  DROP TYPE "public"."enum_tenants_language";`)
}
