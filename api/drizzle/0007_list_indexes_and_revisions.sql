-- The lists' search: contains-matches on name, email and phone through trigram indexes (pg_trgm is a
-- trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "table_revision" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_type_live_id_idx" ON "user" USING btree ("type","id") WHERE "user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_phone_trgm_idx" ON "user" USING gin ("phone_number" gin_trgm_ops);
--> statement-breakpoint
-- A write to a guarded table bumps its counter in the same transaction, before the statement touches a row
-- (so every writer takes the counter's row lock first and writers of the table never wait on each other in
-- the opposite order). A reader that sees the new counter sees the change with it.
CREATE FUNCTION bump_table_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_revision SET revision = revision + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO table_revision (name, revision) VALUES ('user', 1), ('role', 1);
--> statement-breakpoint
CREATE TRIGGER user_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('user');
--> statement-breakpoint
CREATE TRIGGER role_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('role');
--> statement-breakpoint
CREATE TRIGGER role_permission_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permission" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('role');
--> statement-breakpoint
CREATE TRIGGER permission_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permission" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('role');
