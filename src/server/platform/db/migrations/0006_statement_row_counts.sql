-- The dashboard's waitlist and letters counts, once per statement instead of once per row: a statement that
-- inserts many rows (the waitlist's batched sign-ups) updates ONE count row, so two concurrent statements can
-- never take count-row locks in opposite orders (a deadlock), and a batch pays one update, not one per row.
CREATE FUNCTION "table_row_counts_sync_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  SELECT CASE WHEN TG_OP = 'INSERT' THEN count(*) ELSE -count(*) END INTO delta FROM "changed_rows";
  IF delta <> 0 THEN
    INSERT INTO "table_row_counts" AS c ("table_name", "shard", "count")
      VALUES (TG_TABLE_NAME, floor(random() * 16)::int, delta)
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "waitlist_entries_row_count" ON "waitlist_entries";
--> statement-breakpoint
DROP TRIGGER "letters_of_intent_row_count" ON "letters_of_intent";
--> statement-breakpoint
DROP FUNCTION "table_row_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_row_count_insert" AFTER INSERT ON "waitlist_entries"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_row_count_delete" AFTER DELETE ON "waitlist_entries"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
--> statement-breakpoint
CREATE TRIGGER "letters_of_intent_row_count_insert" AFTER INSERT ON "letters_of_intent"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
--> statement-breakpoint
CREATE TRIGGER "letters_of_intent_row_count_delete" AFTER DELETE ON "letters_of_intent"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
