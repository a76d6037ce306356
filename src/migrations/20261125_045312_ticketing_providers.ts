import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_ticketing_sync_runs_kind" AS ENUM('sync', 'availability');
  ALTER TYPE "public"."enum_ticketing_connections_provider" ADD VALUE 'tessitura';
  ALTER TYPE "public"."enum_ticketing_connections_provider" ADD VALUE 'lineup';
  ALTER TYPE "public"."enum_ticketing_connections_provider" ADD VALUE 'elevent';
  ALTER TYPE "public"."enum_ticketing_sync_runs_provider" ADD VALUE 'tessitura';
  ALTER TYPE "public"."enum_ticketing_sync_runs_provider" ADD VALUE 'lineup';
  ALTER TYPE "public"."enum_ticketing_sync_runs_provider" ADD VALUE 'elevent';
  DROP INDEX "ticketing_sync_runs_one_active_idx";
  ALTER TABLE "event_instances" ADD COLUMN "provider_status" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "tessitura_base_url" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "tessitura_tnew_address" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "lineup_base_url" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "lineup_channel_id" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "lineup_booking_link_template" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "elevent_shop_address" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "elevent_link_template" varchar;
  ALTER TABLE "ticketing_connections" ADD COLUMN "availability_every_minutes" numeric DEFAULT 5;
  ALTER TABLE "ticketing_connections" ADD COLUMN "availability_days_ahead" numeric DEFAULT 14;
  ALTER TABLE "ticketing_connections" ADD COLUMN "last_availability_run_id" uuid;
  ALTER TABLE "ticketing_sync_runs" ADD COLUMN "kind" "enum_ticketing_sync_runs_kind" DEFAULT 'sync' NOT NULL;
  ALTER TABLE "ticketing_connections" ADD CONSTRAINT "ticketing_connections_last_availability_run_id_ticketing_sync_runs_id_fk" FOREIGN KEY ("last_availability_run_id") REFERENCES "public"."ticketing_sync_runs"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "ticketing_connections_last_availability_run_idx" ON "ticketing_connections" USING btree ("last_availability_run_id");
  CREATE UNIQUE INDEX "ticketing_sync_runs_one_active_idx" ON "ticketing_sync_runs" USING btree ("connection_id","kind") WHERE "status" in ('queued', 'running');`)
  // Hand SQL: every performance's bookingUrl under the new order (own link, else the box
  // office's page, else the event's link), as bookingUrlOf and storeBookingUrls compute it.
  // Performances have no versions; the event's link is its published row's (events, not
  // _events_v), as storeBookingUrls reads it. Only rows whose link moves are written.
  await db.execute(sql`
  UPDATE "event_instances" i SET "booking_url" = w."wanted"
  FROM (
    SELECT i2."id", coalesce(
      nullif(trim(i2."booking_booking_link_u_r_l"), ''),
      nullif(trim(i2."ticketing_url"), ''),
      nullif(trim(e."booking_booking_link_u_r_l"), '')) AS "wanted"
    FROM "event_instances" i2 LEFT JOIN "events" e ON e."id" = i2."event_id"
  ) w
  WHERE w."id" = i."id" AND i."booking_url" IS DISTINCT FROM w."wanted";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "ticketing_connections" DROP CONSTRAINT "ticketing_connections_last_availability_run_id_ticketing_sync_runs_id_fk";
  
  ALTER TABLE "ticketing_connections" ALTER COLUMN "provider" SET DATA TYPE text;
  ALTER TABLE "ticketing_connections" ALTER COLUMN "provider" SET DEFAULT 'spektrix'::text;
  DROP TYPE "public"."enum_ticketing_connections_provider";
  CREATE TYPE "public"."enum_ticketing_connections_provider" AS ENUM('spektrix');
  ALTER TABLE "ticketing_connections" ALTER COLUMN "provider" SET DEFAULT 'spektrix'::"public"."enum_ticketing_connections_provider";
  ALTER TABLE "ticketing_connections" ALTER COLUMN "provider" SET DATA TYPE "public"."enum_ticketing_connections_provider" USING "provider"::"public"."enum_ticketing_connections_provider";
  ALTER TABLE "ticketing_sync_runs" ALTER COLUMN "provider" SET DATA TYPE text;
  DROP TYPE "public"."enum_ticketing_sync_runs_provider";
  CREATE TYPE "public"."enum_ticketing_sync_runs_provider" AS ENUM('spektrix');
  ALTER TABLE "ticketing_sync_runs" ALTER COLUMN "provider" SET DATA TYPE "public"."enum_ticketing_sync_runs_provider" USING "provider"::"public"."enum_ticketing_sync_runs_provider";
  DROP INDEX "ticketing_connections_last_availability_run_idx";
  DROP INDEX "ticketing_sync_runs_one_active_idx";
  CREATE UNIQUE INDEX "ticketing_sync_runs_one_active_idx" ON "ticketing_sync_runs" USING btree ("connection_id") WHERE "status" in ('queued', 'running');
  ALTER TABLE "event_instances" DROP COLUMN "provider_status";
  ALTER TABLE "ticketing_connections" DROP COLUMN "tessitura_base_url";
  ALTER TABLE "ticketing_connections" DROP COLUMN "tessitura_tnew_address";
  ALTER TABLE "ticketing_connections" DROP COLUMN "lineup_base_url";
  ALTER TABLE "ticketing_connections" DROP COLUMN "lineup_channel_id";
  ALTER TABLE "ticketing_connections" DROP COLUMN "lineup_booking_link_template";
  ALTER TABLE "ticketing_connections" DROP COLUMN "elevent_shop_address";
  ALTER TABLE "ticketing_connections" DROP COLUMN "elevent_link_template";
  ALTER TABLE "ticketing_connections" DROP COLUMN "availability_every_minutes";
  ALTER TABLE "ticketing_connections" DROP COLUMN "availability_days_ahead";
  ALTER TABLE "ticketing_connections" DROP COLUMN "last_availability_run_id";
  ALTER TABLE "ticketing_sync_runs" DROP COLUMN "kind";
  DROP TYPE "public"."enum_ticketing_sync_runs_kind";`)
  // Hand SQL: the former order (own link, else the event's, else the box office's page).
  await db.execute(sql`
  UPDATE "event_instances" i SET "booking_url" = w."wanted"
  FROM (
    SELECT i2."id", coalesce(
      nullif(trim(i2."booking_booking_link_u_r_l"), ''),
      nullif(trim(e."booking_booking_link_u_r_l"), ''),
      nullif(trim(i2."ticketing_url"), '')) AS "wanted"
    FROM "event_instances" i2 LEFT JOIN "events" e ON e."id" = i2."event_id"
  ) w
  WHERE w."id" = i."id" AND i."booking_url" IS DISTINCT FROM w."wanted";`)
}
