import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_ticketing_connections_provider" AS ENUM('spektrix');
  CREATE TYPE "public"."enum_ticketing_sync_runs_provider" AS ENUM('spektrix');
  CREATE TYPE "public"."enum_ticketing_sync_runs_status" AS ENUM('queued', 'running', 'succeeded', 'failed');
  CREATE TYPE "public"."enum_ticketing_sync_runs_trigger" AS ENUM('schedule', 'manual');
  CREATE TABLE "ticketing_connections" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"tenant_id" uuid,
  	"name" varchar NOT NULL,
  	"provider" "enum_ticketing_connections_provider" DEFAULT 'spektrix' NOT NULL,
  	"spektrix_client_name" varchar,
  	"spektrix_custom_domain" varchar,
  	"spektrix_base_url" varchar,
  	"credentials_set" jsonb,
  	"credentials_sealed" jsonb,
  	"sync_every_minutes" numeric DEFAULT 0,
  	"days_ahead" numeric DEFAULT 180,
  	"import_new_events" boolean DEFAULT false,
  	"sync_to_published" boolean DEFAULT true,
  	"removal_limit_percent" numeric DEFAULT 50,
  	"active" boolean DEFAULT true,
  	"last_run_id" uuid,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "ticketing_sync_runs" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"tenant_id" uuid,
  	"connection_id" uuid,
  	"provider" "enum_ticketing_sync_runs_provider" NOT NULL,
  	"status" "enum_ticketing_sync_runs_status" DEFAULT 'queued' NOT NULL,
  	"dry_run" boolean DEFAULT false,
  	"confirm_removals" boolean DEFAULT false,
  	"trigger" "enum_ticketing_sync_runs_trigger" DEFAULT 'manual' NOT NULL,
  	"queued_at" timestamp(3) with time zone,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"heartbeat_at" timestamp(3) with time zone,
  	"attempts" numeric DEFAULT 0,
  	"counts_created" numeric DEFAULT 0,
  	"counts_updated" numeric DEFAULT 0,
  	"counts_unchanged" numeric DEFAULT 0,
  	"counts_cancelled" numeric DEFAULT 0,
  	"counts_removed" numeric DEFAULT 0,
  	"counts_failed" numeric DEFAULT 0,
  	"errors" jsonb,
  	"plan" jsonb,
  	"message" varchar,
  	"needs_confirmation" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "ticketing_sync_runs_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" uuid,
  	"api_keys_id" uuid
  );
  
  ALTER TABLE "ticketing_connections" ADD CONSTRAINT "ticketing_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticketing_connections" ADD CONSTRAINT "ticketing_connections_last_run_id_ticketing_sync_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."ticketing_sync_runs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticketing_sync_runs" ADD CONSTRAINT "ticketing_sync_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticketing_sync_runs" ADD CONSTRAINT "ticketing_sync_runs_connection_id_ticketing_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ticketing_connections"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticketing_sync_runs_rels" ADD CONSTRAINT "ticketing_sync_runs_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ticketing_sync_runs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "ticketing_sync_runs_rels" ADD CONSTRAINT "ticketing_sync_runs_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "ticketing_sync_runs_rels" ADD CONSTRAINT "ticketing_sync_runs_rels_api_keys_fk" FOREIGN KEY ("api_keys_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "ticketing_connections_tenant_idx" ON "ticketing_connections" USING btree ("tenant_id");
  CREATE INDEX "ticketing_connections_last_run_idx" ON "ticketing_connections" USING btree ("last_run_id");
  CREATE INDEX "ticketing_connections_updated_at_idx" ON "ticketing_connections" USING btree ("updated_at");
  CREATE INDEX "ticketing_connections_created_at_idx" ON "ticketing_connections" USING btree ("created_at");
  CREATE INDEX "tenant_createdAt_17_idx" ON "ticketing_connections" USING btree ("tenant_id","created_at");
  CREATE INDEX "tenant_updatedAt_17_idx" ON "ticketing_connections" USING btree ("tenant_id","updated_at");
  CREATE INDEX "ticketing_sync_runs_tenant_idx" ON "ticketing_sync_runs" USING btree ("tenant_id");
  CREATE INDEX "ticketing_sync_runs_connection_idx" ON "ticketing_sync_runs" USING btree ("connection_id");
  CREATE INDEX "ticketing_sync_runs_updated_at_idx" ON "ticketing_sync_runs" USING btree ("updated_at");
  CREATE INDEX "ticketing_sync_runs_created_at_idx" ON "ticketing_sync_runs" USING btree ("created_at");
  CREATE INDEX "status_queuedAt_idx" ON "ticketing_sync_runs" USING btree ("status","queued_at");
  CREATE INDEX "tenant_createdAt_18_idx" ON "ticketing_sync_runs" USING btree ("tenant_id","created_at");
  CREATE INDEX "tenant_updatedAt_18_idx" ON "ticketing_sync_runs" USING btree ("tenant_id","updated_at");
  CREATE UNIQUE INDEX "ticketing_sync_runs_one_active_idx" ON "ticketing_sync_runs" USING btree ("connection_id") WHERE "status" in ('queued', 'running');
  CREATE INDEX "ticketing_sync_runs_rels_order_idx" ON "ticketing_sync_runs_rels" USING btree ("order");
  CREATE INDEX "ticketing_sync_runs_rels_parent_idx" ON "ticketing_sync_runs_rels" USING btree ("parent_id");
  CREATE INDEX "ticketing_sync_runs_rels_path_idx" ON "ticketing_sync_runs_rels" USING btree ("path");
  CREATE INDEX "ticketing_sync_runs_rels_users_id_idx" ON "ticketing_sync_runs_rels" USING btree ("users_id");
  CREATE INDEX "ticketing_sync_runs_rels_api_keys_id_idx" ON "ticketing_sync_runs_rels" USING btree ("api_keys_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "ticketing_connections" CASCADE;
  DROP TABLE "ticketing_sync_runs" CASCADE;
  DROP TABLE "ticketing_sync_runs_rels" CASCADE;
  DROP TYPE "public"."enum_ticketing_connections_provider";
  DROP TYPE "public"."enum_ticketing_sync_runs_provider";
  DROP TYPE "public"."enum_ticketing_sync_runs_status";
  DROP TYPE "public"."enum_ticketing_sync_runs_trigger";`)
}
