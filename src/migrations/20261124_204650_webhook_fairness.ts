import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_payloads" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"change" numeric,
  	"record" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  DROP INDEX "state_nextAttemptAt_idx";
  ALTER TABLE "webhook_deliveries" ADD COLUMN "payload_id" uuid;
  CREATE INDEX "webhook_payloads_updated_at_idx" ON "webhook_payloads" USING btree ("updated_at");
  CREATE INDEX "webhook_payloads_created_at_idx" ON "webhook_payloads" USING btree ("created_at");
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_payload_id_webhook_payloads_id_fk" FOREIGN KEY ("payload_id") REFERENCES "public"."webhook_payloads"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhook_deliveries_payload_idx" ON "webhook_deliveries" USING btree ("payload_id");
  CREATE INDEX "webhook_state_nextAttemptAt_idx" ON "webhook_deliveries" USING btree ("webhook_id","state","next_attempt_at");`)
  // Deliveries kept their own copy of the record: one stored record per change (a change's
  // sequence is unique across tenants) takes their place before the column goes.
  await db.execute(sql`
  INSERT INTO "webhook_payloads" ("change", "record", "created_at", "updated_at")
    SELECT DISTINCT ON ("change") "change", "record", now(), now()
    FROM "webhook_deliveries"
    WHERE "record" IS NOT NULL AND "record" <> 'null'::jsonb AND "change" IS NOT NULL
    ORDER BY "change", "created_at";
  UPDATE "webhook_deliveries" d SET "payload_id" = p."id"
    FROM "webhook_payloads" p
    WHERE d."record" IS NOT NULL AND d."record" <> 'null'::jsonb AND p."change" = d."change";
  ALTER TABLE "webhook_deliveries" DROP COLUMN "record";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_deliveries" ADD COLUMN "record" jsonb;
  UPDATE "webhook_deliveries" d SET "record" = p."record"
    FROM "webhook_payloads" p WHERE p."id" = d."payload_id";
  ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_payload_id_webhook_payloads_id_fk";
  ALTER TABLE "webhook_payloads" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_payloads" CASCADE;
  DROP INDEX "webhook_deliveries_payload_idx";
  DROP INDEX "webhook_state_nextAttemptAt_idx";
  CREATE INDEX "state_nextAttemptAt_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");
  ALTER TABLE "webhook_deliveries" DROP COLUMN "payload_id";`)
}
