import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_api_keys_scope" AS ENUM('read', 'write');
  CREATE TABLE "api_keys" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"name" varchar NOT NULL,
  	"partner" varchar,
  	"scope" "enum_api_keys_scope" DEFAULT 'read' NOT NULL,
  	"prefix" varchar,
  	"hash" varchar,
  	"last_used_at" timestamp(3) with time zone,
  	"revoked" boolean DEFAULT false,
  	"revoked_at" timestamp(3) with time zone,
  	"created_by_id" uuid,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "api_keys_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"tenants_id" uuid
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "api_keys_id" uuid;
  ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "api_keys_rels" ADD CONSTRAINT "api_keys_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "api_keys_rels" ADD CONSTRAINT "api_keys_rels_tenants_fk" FOREIGN KEY ("tenants_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");
  CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by_id");
  CREATE INDEX "api_keys_updated_at_idx" ON "api_keys" USING btree ("updated_at");
  CREATE INDEX "api_keys_created_at_idx" ON "api_keys" USING btree ("created_at");
  CREATE INDEX "api_keys_rels_order_idx" ON "api_keys_rels" USING btree ("order");
  CREATE INDEX "api_keys_rels_parent_idx" ON "api_keys_rels" USING btree ("parent_id");
  CREATE INDEX "api_keys_rels_path_idx" ON "api_keys_rels" USING btree ("path");
  CREATE INDEX "api_keys_rels_tenants_id_idx" ON "api_keys_rels" USING btree ("tenants_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_api_keys_fk" FOREIGN KEY ("api_keys_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_api_keys_id_idx" ON "payload_locked_documents_rels" USING btree ("api_keys_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "api_keys" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "api_keys_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "api_keys" CASCADE;
  DROP TABLE "api_keys_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_api_keys_fk";
  
  DROP INDEX "payload_locked_documents_rels_api_keys_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "api_keys_id";
  DROP TYPE "public"."enum_api_keys_scope";`)
}
