import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "partner_rate_limits" (
  	"bucket" text PRIMARY KEY NOT NULL,
  	"key_id" text NOT NULL,
  	"window_start" timestamp with time zone NOT NULL,
  	"count" integer DEFAULT 0 NOT NULL
  );
  
  ALTER TABLE "api_keys" ADD COLUMN "rate_limit" numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "partner_rate_limits" CASCADE;
  ALTER TABLE "api_keys" DROP COLUMN "rate_limit";`)
}
