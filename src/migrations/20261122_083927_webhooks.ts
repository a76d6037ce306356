import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_webhooks_events" AS ENUM('created', 'updated', 'deleted', 'published', 'unpublished');
  CREATE TYPE "public"."enum_webhooks_kinds" AS ENUM('events', 'event-instances', 'works', 'seasons', 'series', 'venues', 'people', 'organizations', 'pages', 'blogs', 'custom-attributes', 'media', 'files', 'redirects');
  CREATE TYPE "public"."enum_webhook_deliveries_state" AS ENUM('pending', 'delivering', 'succeeded', 'failed');
  CREATE TABLE "webhooks_events" (
  	"order" integer NOT NULL,
  	"parent_id" uuid NOT NULL,
  	"value" "enum_webhooks_events",
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL
  );
  
  CREATE TABLE "webhooks_kinds" (
  	"order" integer NOT NULL,
  	"parent_id" uuid NOT NULL,
  	"value" "enum_webhooks_kinds",
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL
  );
  
  CREATE TABLE "webhooks" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"tenant_id" uuid,
  	"url" varchar NOT NULL,
  	"description" varchar,
  	"secret_cipher" varchar,
  	"active" boolean DEFAULT true,
  	"paused_reason" varchar,
  	"paused_at" timestamp(3) with time zone,
  	"failing_since" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_deliveries" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"tenant_id" uuid,
  	"webhook_id" uuid NOT NULL,
  	"type" varchar NOT NULL,
  	"kind" varchar,
  	"record_id" varchar,
  	"event" varchar,
  	"fields" jsonb,
  	"record" jsonb,
  	"change" numeric,
  	"changed_at" timestamp(3) with time zone,
  	"state" "enum_webhook_deliveries_state" DEFAULT 'pending' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"next_attempt_at" timestamp(3) with time zone,
  	"lease_until" timestamp(3) with time zone,
  	"delivered_at" timestamp(3) with time zone,
  	"last_status" numeric,
  	"last_error" varchar,
  	"log" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "webhooks_events" ADD CONSTRAINT "webhooks_events_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_kinds" ADD CONSTRAINT "webhooks_kinds_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhooks_events_order_idx" ON "webhooks_events" USING btree ("order");
  CREATE INDEX "webhooks_events_parent_idx" ON "webhooks_events" USING btree ("parent_id");
  CREATE INDEX "webhooks_kinds_order_idx" ON "webhooks_kinds" USING btree ("order");
  CREATE INDEX "webhooks_kinds_parent_idx" ON "webhooks_kinds" USING btree ("parent_id");
  CREATE INDEX "webhooks_tenant_idx" ON "webhooks" USING btree ("tenant_id");
  CREATE INDEX "webhooks_updated_at_idx" ON "webhooks" USING btree ("updated_at");
  CREATE INDEX "webhooks_created_at_idx" ON "webhooks" USING btree ("created_at");
  CREATE INDEX "webhook_deliveries_tenant_idx" ON "webhook_deliveries" USING btree ("tenant_id");
  CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");
  CREATE INDEX "state_nextAttemptAt_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");
  CREATE INDEX "webhook_kind_recordId_change_idx" ON "webhook_deliveries" USING btree ("webhook_id","kind","record_id","change");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "webhooks_events" CASCADE;
  DROP TABLE "webhooks_kinds" CASCADE;
  DROP TABLE "webhooks" CASCADE;
  DROP TABLE "webhook_deliveries" CASCADE;
  DROP TYPE "public"."enum_webhooks_events";
  DROP TYPE "public"."enum_webhooks_kinds";
  DROP TYPE "public"."enum_webhook_deliveries_state";`)
}
