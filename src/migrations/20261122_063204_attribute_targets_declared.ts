import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "custom_attributes_applies_to" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_custom_attributes_applies_to";
  CREATE TYPE "public"."enum_custom_attributes_applies_to" AS ENUM('events', 'event-instances', 'works', 'seasons', 'series', 'venues', 'people', 'organizations', 'pages', 'blogs');
  ALTER TABLE "custom_attributes_applies_to" ALTER COLUMN "value" SET DATA TYPE "public"."enum_custom_attributes_applies_to" USING "value"::"public"."enum_custom_attributes_applies_to";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "custom_attributes_applies_to" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_custom_attributes_applies_to";
  CREATE TYPE "public"."enum_custom_attributes_applies_to" AS ENUM('events', 'event-instances', 'works', 'venues', 'people', 'organizations', 'seasons', 'series', 'pages', 'blogs');
  ALTER TABLE "custom_attributes_applies_to" ALTER COLUMN "value" SET DATA TYPE "public"."enum_custom_attributes_applies_to" USING "value"::"public"."enum_custom_attributes_applies_to";`)
}
