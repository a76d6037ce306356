import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "change_log" (
  	"seq" bigserial PRIMARY KEY NOT NULL,
  	"tenant_id" uuid NOT NULL,
  	"kind" varchar(64) NOT NULL,
  	"record_id" varchar(64) NOT NULL,
  	"event" varchar(16) NOT NULL,
  	"at" timestamp with time zone DEFAULT now() NOT NULL,
  	"actor_type" varchar(8) NOT NULL,
  	"actor_id" varchar(64),
  	"fields" text[] NOT NULL
  );
  
  CREATE TABLE "change_log_horizon" (
  	"tenant_id" uuid PRIMARY KEY NOT NULL,
  	"through_seq" bigint NOT NULL
  );
  
  CREATE INDEX "change_log_tenant_seq_idx" ON "change_log" USING btree ("tenant_id","seq");
  CREATE INDEX "change_log_at_idx" ON "change_log" USING btree ("at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "change_log" CASCADE;
  DROP TABLE "change_log_horizon" CASCADE;`)
}
