import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "search_text" varchar;
  ALTER TABLE "_events_v" ADD COLUMN "version_search_text" varchar;
  ALTER TABLE "works" ADD COLUMN "search_text" varchar;
  ALTER TABLE "seasons" ADD COLUMN "search_text" varchar;
  ALTER TABLE "series" ADD COLUMN "search_text" varchar;
  ALTER TABLE "venues" ADD COLUMN "search_text" varchar;
  ALTER TABLE "people" ADD COLUMN "search_text" varchar;
  ALTER TABLE "organizations" ADD COLUMN "search_text" varchar;
  ALTER TABLE "pages" ADD COLUMN "search_text" varchar;
  ALTER TABLE "_pages_v" ADD COLUMN "version_search_text" varchar;
  ALTER TABLE "blogs" ADD COLUMN "search_text" varchar;`)

  // By hand: what full-text search reads is indexed (the partner API's `search`), and the
  // records saved before the column existed are found by their titles.
  await db.execute(sql`
  UPDATE "events" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "events_search_text_fts_idx" ON "events" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "works" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "works_search_text_fts_idx" ON "works" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "seasons" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "seasons_search_text_fts_idx" ON "seasons" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "series" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "series_search_text_fts_idx" ON "series" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "venues" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "venues_search_text_fts_idx" ON "venues" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "people" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "people_search_text_fts_idx" ON "people" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "organizations" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "organizations_search_text_fts_idx" ON "organizations" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "pages" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "pages_search_text_fts_idx" ON "pages" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "blogs" SET "search_text" = "title" WHERE "search_text" IS NULL;
  CREATE INDEX "blogs_search_text_fts_idx" ON "blogs" USING gin (to_tsvector('simple', coalesce("search_text", '')));
  UPDATE "_events_v" SET "version_search_text" = "version_title" WHERE "version_search_text" IS NULL;
  CREATE INDEX "_events_v_search_text_fts_idx" ON "_events_v" USING gin (to_tsvector('simple', coalesce("version_search_text", ''))) WHERE "latest";
  UPDATE "_pages_v" SET "version_search_text" = "version_title" WHERE "version_search_text" IS NULL;
  CREATE INDEX "_pages_v_search_text_fts_idx" ON "_pages_v" USING gin (to_tsvector('simple', coalesce("version_search_text", ''))) WHERE "latest";
`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "events_search_text_fts_idx";
  DROP INDEX IF EXISTS "works_search_text_fts_idx";
  DROP INDEX IF EXISTS "seasons_search_text_fts_idx";
  DROP INDEX IF EXISTS "series_search_text_fts_idx";
  DROP INDEX IF EXISTS "venues_search_text_fts_idx";
  DROP INDEX IF EXISTS "people_search_text_fts_idx";
  DROP INDEX IF EXISTS "organizations_search_text_fts_idx";
  DROP INDEX IF EXISTS "pages_search_text_fts_idx";
  DROP INDEX IF EXISTS "blogs_search_text_fts_idx";
  DROP INDEX IF EXISTS "_events_v_search_text_fts_idx";
  DROP INDEX IF EXISTS "_pages_v_search_text_fts_idx";
`)
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "search_text";
  ALTER TABLE "_events_v" DROP COLUMN "version_search_text";
  ALTER TABLE "works" DROP COLUMN "search_text";
  ALTER TABLE "seasons" DROP COLUMN "search_text";
  ALTER TABLE "series" DROP COLUMN "search_text";
  ALTER TABLE "venues" DROP COLUMN "search_text";
  ALTER TABLE "people" DROP COLUMN "search_text";
  ALTER TABLE "organizations" DROP COLUMN "search_text";
  ALTER TABLE "pages" DROP COLUMN "search_text";
  ALTER TABLE "_pages_v" DROP COLUMN "version_search_text";
  ALTER TABLE "blogs" DROP COLUMN "search_text";`)
}
