import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The storage adapter's `_objectKey` column, and each record's prefix moved from its tenant's
 * slug to its tenant's id (a slug can be renamed; see hooks/setPrefix.ts). Files on disk do not
 * use the prefix, so no file moves.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" ADD COLUMN "_objectkey" varchar;
  UPDATE "media" SET "prefix" = "tenant_id"::text WHERE "tenant_id" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   UPDATE "media" SET "prefix" = "tenants"."slug" FROM "tenants" WHERE "tenants"."id" = "media"."tenant_id";
  ALTER TABLE "media" DROP COLUMN "_objectkey";`)
}
