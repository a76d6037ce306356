import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "description" jsonb;
  ALTER TABLE "_events_v" ADD COLUMN "version_description" jsonb;
  ALTER TABLE "works" ADD COLUMN "description" jsonb;
  ALTER TABLE "seasons" ADD COLUMN "description" jsonb;
  ALTER TABLE "series" ADD COLUMN "description" jsonb;
  ALTER TABLE "venues" ADD COLUMN "description" jsonb;
  ALTER TABLE "venues" ADD COLUMN "access_information" jsonb;
  ALTER TABLE "people" ADD COLUMN "description" jsonb;
  ALTER TABLE "organizations" ADD COLUMN "description" jsonb;
  ALTER TABLE "blogs" ADD COLUMN "excerpt" varchar;
  ALTER TABLE "blogs" ADD COLUMN "body" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "description";
  ALTER TABLE "_events_v" DROP COLUMN "version_description";
  ALTER TABLE "works" DROP COLUMN "description";
  ALTER TABLE "seasons" DROP COLUMN "description";
  ALTER TABLE "series" DROP COLUMN "description";
  ALTER TABLE "venues" DROP COLUMN "description";
  ALTER TABLE "venues" DROP COLUMN "access_information";
  ALTER TABLE "people" DROP COLUMN "description";
  ALTER TABLE "organizations" DROP COLUMN "description";
  ALTER TABLE "blogs" DROP COLUMN "excerpt";
  ALTER TABLE "blogs" DROP COLUMN "body";`)
}
