import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhooks_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" uuid,
  	"api_keys_id" uuid
  );
  
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_api_keys_fk" FOREIGN KEY ("api_keys_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "webhooks_rels_order_idx" ON "webhooks_rels" USING btree ("order");
  CREATE INDEX "webhooks_rels_parent_idx" ON "webhooks_rels" USING btree ("parent_id");
  CREATE INDEX "webhooks_rels_path_idx" ON "webhooks_rels" USING btree ("path");
  CREATE INDEX "webhooks_rels_users_id_idx" ON "webhooks_rels" USING btree ("users_id");
  CREATE INDEX "webhooks_rels_api_keys_id_idx" ON "webhooks_rels" USING btree ("api_keys_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "webhooks_rels" CASCADE;`)
}
