import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { readSettings } from '../lib/settings'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "first_performance" timestamp(3) with time zone;
  ALTER TABLE "events" ADD COLUMN "last_performance" timestamp(3) with time zone;
  ALTER TABLE "_events_v" ADD COLUMN "version_first_performance" timestamp(3) with time zone;
  ALTER TABLE "_events_v" ADD COLUMN "version_last_performance" timestamp(3) with time zone;
  ALTER TABLE "event_instances" ADD COLUMN "startdate_tz" varchar;
  ALTER TABLE "tenants" ADD COLUMN "time_zone" varchar;
  CREATE INDEX "events_first_performance_idx" ON "events" USING btree ("first_performance");
  CREATE INDEX "events_last_performance_idx" ON "events" USING btree ("last_performance");
  CREATE INDEX "_events_v_version_version_first_performance_idx" ON "_events_v" USING btree ("version_first_performance");
  CREATE INDEX "_events_v_version_version_last_performance_idx" ON "_events_v" USING btree ("version_last_performance");`)

  // By hand: tenants take the installation's zone (as new ones will), performances their
  // tenant's, and events the dates of their performances that are not hidden.
  await db.execute(sql`UPDATE "tenants" SET "time_zone" = ${readSettings().timeZone}`)
  await db.execute(sql`
    UPDATE "event_instances" AS i SET "startdate_tz" = t."time_zone"
    FROM "tenants" t WHERE t."id" = i."tenant_id"`)
  await db.execute(sql`
    UPDATE "event_instances" SET "startdate_tz" = ${readSettings().timeZone}
    WHERE "startdate_tz" IS NULL`)
  for (const [table, id, prefix] of [
    ['events', 'id', ''],
    ['_events_v', 'parent_id', 'version_'],
  ] as const) {
    await db.execute(sql`
      UPDATE ${sql.identifier(table)} AS e
      SET ${sql.identifier(`${prefix}first_performance`)} = d.first,
        ${sql.identifier(`${prefix}last_performance`)} = d.last
      FROM (SELECT "event_id", min("start_date") AS first, max("start_date") AS last
        FROM "event_instances" WHERE "hidden" IS NOT TRUE GROUP BY "event_id") AS d
      WHERE d."event_id" = e.${sql.identifier(id)}`)
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "events_first_performance_idx";
  DROP INDEX "events_last_performance_idx";
  DROP INDEX "_events_v_version_version_first_performance_idx";
  DROP INDEX "_events_v_version_version_last_performance_idx";
  ALTER TABLE "events" DROP COLUMN "first_performance";
  ALTER TABLE "events" DROP COLUMN "last_performance";
  ALTER TABLE "_events_v" DROP COLUMN "version_first_performance";
  ALTER TABLE "_events_v" DROP COLUMN "version_last_performance";
  ALTER TABLE "event_instances" DROP COLUMN "startdate_tz";
  ALTER TABLE "tenants" DROP COLUMN "time_zone";`)
}
