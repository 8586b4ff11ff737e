-- 'Total Users (n)' on /admin/users: the accounts counted like the waitlist and the letters (migration 0006),
-- so the unfiltered list shows its exact total at any size. The lock keeps an account created meanwhile from
-- falling between the count and the triggers.
LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "table_row_counts" ("table_name", "shard", "count")
  SELECT 'user', s.shard, CASE WHEN s.shard = 0 THEN (SELECT count(*) FROM "user") ELSE 0 END
  FROM generate_series(0, 15) AS s(shard);
--> statement-breakpoint
CREATE TRIGGER "user_row_count_insert" AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
--> statement-breakpoint
CREATE TRIGGER "user_row_count_delete" AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_row_counts_sync_statement"();
