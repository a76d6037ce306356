import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_event_instances_availability" AS ENUM('available', 'limited', 'sold_out', 'not_on_sale', 'cancelled');
  CREATE TABLE "ticketing_links" (
  	"tenant_id" uuid NOT NULL,
  	"connection_id" varchar(64) NOT NULL,
  	"kind" varchar(32) NOT NULL,
  	"external_id" varchar(200) NOT NULL,
  	"local_id" varchar(64) NOT NULL,
  	"source_hash" text NOT NULL,
  	"hidden_by_sync" boolean DEFAULT false NOT NULL,
  	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "event_instances" ADD COLUMN "availability" "enum_event_instances_availability";
  ALTER TABLE "event_instances" ADD COLUMN "on_sale" boolean DEFAULT false;
  ALTER TABLE "event_instances" ADD COLUMN "cancelled" boolean DEFAULT false;
  ALTER TABLE "event_instances" ADD COLUMN "ticketing_url" varchar;
  ALTER TABLE "event_instances" ADD COLUMN "booking_url" varchar;
  CREATE UNIQUE INDEX "ticketing_links_key_idx" ON "ticketing_links" USING btree ("connection_id","kind","external_id");
  CREATE INDEX "ticketing_links_local_idx" ON "ticketing_links" USING btree ("local_id");
  CREATE INDEX "ticketing_links_tenant_idx" ON "ticketing_links" USING btree ("tenant_id");`)
  // Performances saved before bookingUrl existed: their link or their (published) event's.
  await db.execute(sql`
  UPDATE "event_instances" i SET "booking_url" = coalesce(
    nullif(trim(i."booking_booking_link_u_r_l"), ''), nullif(trim(e."booking_booking_link_u_r_l"), ''))
  FROM "events" e WHERE e."id" = i."event_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "ticketing_links" CASCADE;
  ALTER TABLE "event_instances" DROP COLUMN "availability";
  ALTER TABLE "event_instances" DROP COLUMN "on_sale";
  ALTER TABLE "event_instances" DROP COLUMN "cancelled";
  ALTER TABLE "event_instances" DROP COLUMN "ticketing_url";
  ALTER TABLE "event_instances" DROP COLUMN "booking_url";
  DROP TYPE "public"."enum_event_instances_availability";`)
}
