import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_preview_links_collection" AS ENUM('events', 'pages');
  CREATE TABLE "preview_links" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"tenant_id" uuid,
  	"collection" "enum_preview_links_collection" NOT NULL,
  	"record" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"revoked" boolean DEFAULT false,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "preview_links_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" uuid,
  	"api_keys_id" uuid
  );
  
  ALTER TABLE "event_instances" ADD COLUMN "previous_start_date" timestamp(3) with time zone;
  ALTER TABLE "venues" ADD COLUMN "address_street_address" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_locality" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_region" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_postal_code" varchar;
  ALTER TABLE "venues" ADD COLUMN "address_country" varchar;
  ALTER TABLE "tenants" ADD COLUMN "public_calendar_feeds" boolean DEFAULT false;
  ALTER TABLE "preview_links" ADD CONSTRAINT "preview_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "preview_links_rels" ADD CONSTRAINT "preview_links_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."preview_links"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "preview_links_rels" ADD CONSTRAINT "preview_links_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "preview_links_rels" ADD CONSTRAINT "preview_links_rels_api_keys_fk" FOREIGN KEY ("api_keys_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "preview_links_tenant_idx" ON "preview_links" USING btree ("tenant_id");
  CREATE INDEX "preview_links_updated_at_idx" ON "preview_links" USING btree ("updated_at");
  CREATE INDEX "preview_links_created_at_idx" ON "preview_links" USING btree ("created_at");
  CREATE INDEX "tenant_createdAt_19_idx" ON "preview_links" USING btree ("tenant_id","created_at");
  CREATE INDEX "tenant_updatedAt_19_idx" ON "preview_links" USING btree ("tenant_id","updated_at");
  CREATE INDEX "preview_links_rels_order_idx" ON "preview_links_rels" USING btree ("order");
  CREATE INDEX "preview_links_rels_parent_idx" ON "preview_links_rels" USING btree ("parent_id");
  CREATE INDEX "preview_links_rels_path_idx" ON "preview_links_rels" USING btree ("path");
  CREATE INDEX "preview_links_rels_users_id_idx" ON "preview_links_rels" USING btree ("users_id");
  CREATE INDEX "preview_links_rels_api_keys_id_idx" ON "preview_links_rels" USING btree ("api_keys_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "preview_links" CASCADE;
  DROP TABLE "preview_links_rels" CASCADE;
  ALTER TABLE "event_instances" DROP COLUMN "previous_start_date";
  ALTER TABLE "venues" DROP COLUMN "address_street_address";
  ALTER TABLE "venues" DROP COLUMN "address_locality";
  ALTER TABLE "venues" DROP COLUMN "address_region";
  ALTER TABLE "venues" DROP COLUMN "address_postal_code";
  ALTER TABLE "venues" DROP COLUMN "address_country";
  ALTER TABLE "tenants" DROP COLUMN "public_calendar_feeds";
  DROP TYPE "public"."enum_preview_links_collection";`)
}
