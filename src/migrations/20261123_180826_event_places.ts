import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "season_id" uuid;
  ALTER TABLE "events" ADD COLUMN "series_id" uuid;
  ALTER TABLE "_events_v" ADD COLUMN "version_season_id" uuid;
  ALTER TABLE "_events_v" ADD COLUMN "version_series_id" uuid;
  ALTER TABLE "event_instances" ADD COLUMN "venue_id" uuid;
  ALTER TABLE "events" ADD CONSTRAINT "events_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_season_id_seasons_id_fk" FOREIGN KEY ("version_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_series_id_series_id_fk" FOREIGN KEY ("version_series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "event_instances" ADD CONSTRAINT "event_instances_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "events_season_idx" ON "events" USING btree ("season_id");
  CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id");
  CREATE INDEX "_events_v_version_version_season_idx" ON "_events_v" USING btree ("version_season_id");
  CREATE INDEX "_events_v_version_version_series_idx" ON "_events_v" USING btree ("version_series_id");
  CREATE INDEX "event_instances_venue_idx" ON "event_instances" USING btree ("venue_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" DROP CONSTRAINT "events_season_id_seasons_id_fk";
  
  ALTER TABLE "events" DROP CONSTRAINT "events_series_id_series_id_fk";
  
  ALTER TABLE "_events_v" DROP CONSTRAINT "_events_v_version_season_id_seasons_id_fk";
  
  ALTER TABLE "_events_v" DROP CONSTRAINT "_events_v_version_series_id_series_id_fk";
  
  ALTER TABLE "event_instances" DROP CONSTRAINT "event_instances_venue_id_venues_id_fk";
  
  DROP INDEX "events_season_idx";
  DROP INDEX "events_series_idx";
  DROP INDEX "_events_v_version_version_season_idx";
  DROP INDEX "_events_v_version_version_series_idx";
  DROP INDEX "event_instances_venue_idx";
  ALTER TABLE "events" DROP COLUMN "season_id";
  ALTER TABLE "events" DROP COLUMN "series_id";
  ALTER TABLE "_events_v" DROP COLUMN "version_season_id";
  ALTER TABLE "_events_v" DROP COLUMN "version_series_id";
  ALTER TABLE "event_instances" DROP COLUMN "venue_id";`)
}
