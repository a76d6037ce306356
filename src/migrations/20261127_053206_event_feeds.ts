import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "event_instances" ADD COLUMN "previous_start_date" timestamp(3) with time zone;
  ALTER TABLE "venues" ADD COLUMN "address_street_address" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_locality" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_region" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_postal_code" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_country" varchar;
  ALTER TABLE "tenants" ADD COLUMN "public_calendar_feeds" boolean DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "event_instances" DROP COLUMN "previous_start_date";
  ALTER TABLE "venues" DROP COLUMN "address_street_address";
  ALTER TABLE "venues" DROP COLUMN "address_locality";
  ALTER TABLE "venues" DROP COLUMN "address_region";
  ALTER TABLE "venues" DROP COLUMN "address_postal_code";
  ALTER TABLE "venues" DROP COLUMN "address_country";
  ALTER TABLE "tenants" DROP COLUMN "public_calendar_feeds";`)
}
