import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_webhooks_events" ADD VALUE 'drafted';
  ALTER TABLE "change_log" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;
  ALTER TABLE "webhooks" ADD COLUMN "drafts" boolean DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhooks_events";
  CREATE TYPE "public"."enum_webhooks_events" AS ENUM('created', 'updated', 'deleted', 'published', 'unpublished');
  ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE "public"."enum_webhooks_events" USING "value"::"public"."enum_webhooks_events";
  ALTER TABLE "change_log" DROP COLUMN "draft";
  ALTER TABLE "webhooks" DROP COLUMN "drafts";`)
}
