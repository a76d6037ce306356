import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_kind_recordId_change_idx";`)
  // Hand-written (Payload declares no partial index): the claim looks for an earlier waiting
  // message of a record, and a record's sent and given-up history (kept 30 days) must not be
  // walked to find it.
  await db.execute(sql`
   CREATE INDEX "webhook_deliveries_waiting_record_idx" ON "webhook_deliveries" USING btree ("webhook_id","kind","record_id","change") WHERE "state" IN ('pending', 'delivering');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_deliveries_waiting_record_idx";`)
  await db.execute(sql`
   CREATE INDEX "webhook_kind_recordId_change_idx" ON "webhook_deliveries" USING btree ("webhook_id","kind","record_id","change");`)
}
