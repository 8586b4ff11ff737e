CREATE TABLE "table_row_counts" (
	"table_name" text NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "table_row_counts_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);
--> statement-breakpoint
DROP INDEX "applications_reviewed_at_idx";--> statement-breakpoint
DROP INDEX "user_created_at_idx";--> statement-breakpoint
DROP INDEX "waitlist_entries_created_at_idx";--> statement-breakpoint
CREATE INDEX "applications_decided_idx" ON "applications" USING btree ("reviewed_at") INCLUDE ("submitted_at") WHERE "applications"."status" in ('approved', 'declined');--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- The admin dashboard's waitlist and letters counts, kept exact by triggers in the same transaction as each
-- change. 16 rows per table, one chosen at random per change: concurrent sign-ups rarely wait on the same lock.
INSERT INTO "table_row_counts" ("table_name", "shard", "count")
  SELECT t.name, s.shard, CASE WHEN s.shard = 0 THEN t.n ELSE 0 END
  FROM (VALUES ('waitlist_entries', (SELECT count(*) FROM "waitlist_entries")),
               ('letters_of_intent', (SELECT count(*) FROM "letters_of_intent"))) AS t(name, n),
       generate_series(0, 15) AS s(shard);
--> statement-breakpoint
CREATE FUNCTION "table_row_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "table_row_counts" AS c ("table_name", "shard", "count")
    VALUES (TG_TABLE_NAME, floor(random() * 16)::int, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
    ON CONFLICT ("table_name", "shard") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_row_count" AFTER INSERT OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "table_row_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "letters_of_intent_row_count" AFTER INSERT OR DELETE ON "letters_of_intent"
  FOR EACH ROW EXECUTE FUNCTION "table_row_counts_sync"();
