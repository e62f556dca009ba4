-- The orders' revision: bumped by every write to the orders and to the classes (a class's centre places
-- its orders), so that the debts' totals are summed once per revision, not on every request.
INSERT INTO table_revision (name, revision) VALUES ('order', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER order_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('order');
--> statement-breakpoint
CREATE TRIGGER class_order_revision BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "class" FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision('order');
