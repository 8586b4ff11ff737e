CREATE TABLE "table_row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_reviewed_at_idx";--> statement-breakpoint
DROP INDEX "user_created_at_idx";--> statement-breakpoint
DROP INDEX "waitlist_entries_created_at_idx";--> statement-breakpoint
CREATE INDEX "applications_decided_idx" ON "applications" USING btree ("reviewed_at") INCLUDE ("submitted_at") WHERE "applications"."status" in ('approved', 'declined');--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- The admin dashboard's waitlist and letters counts, kept exact by triggers in the same transaction as each change.
INSERT INTO "table_row_counts" ("table_name", "count") VALUES
  ('waitlist_entries', (SELECT count(*) FROM "waitlist_entries")),
  ('letters_of_intent', (SELECT count(*) FROM "letters_of_intent"));
--> statement-breakpoint
CREATE FUNCTION "table_row_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_row_counts" SET "count" = "count" + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_row_count" AFTER INSERT OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "table_row_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "letters_of_intent_row_count" AFTER INSERT OR DELETE ON "letters_of_intent"
  FOR EACH ROW EXECUTE FUNCTION "table_row_counts_sync"();
