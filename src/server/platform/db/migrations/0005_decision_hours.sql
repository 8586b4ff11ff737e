CREATE TABLE "application_decision_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"decided" bigint DEFAULT 0 NOT NULL,
	"total_seconds" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
-- An application counts towards Avg Decision while it is approved or declined with both timestamps set.
-- Hours are UTC bins (date_bin), whatever the session's time zone.
INSERT INTO "application_decision_hours" ("hour", "decided", "total_seconds")
  SELECT date_bin('1 hour', "reviewed_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*), sum(extract(epoch FROM "reviewed_at" - "submitted_at"))
  FROM "applications"
  WHERE "status" IN ('approved', 'declined') AND "reviewed_at" IS NOT NULL AND "submitted_at" IS NOT NULL
  GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "application_decision_hours_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('approved', 'declined') AND OLD."reviewed_at" IS NOT NULL AND OLD."submitted_at" IS NOT NULL THEN
    UPDATE "application_decision_hours"
      SET "decided" = "decided" - 1, "total_seconds" = "total_seconds" - extract(epoch FROM OLD."reviewed_at" - OLD."submitted_at")
      WHERE "hour" = date_bin('1 hour', OLD."reviewed_at", TIMESTAMPTZ '2000-01-01 00:00:00+00');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('approved', 'declined') AND NEW."reviewed_at" IS NOT NULL AND NEW."submitted_at" IS NOT NULL THEN
    INSERT INTO "application_decision_hours" AS h ("hour", "decided", "total_seconds")
      VALUES (date_bin('1 hour', NEW."reviewed_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1, extract(epoch FROM NEW."reviewed_at" - NEW."submitted_at"))
      ON CONFLICT ("hour") DO UPDATE SET "decided" = h."decided" + 1, "total_seconds" = h."total_seconds" + excluded."total_seconds";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_decision_hours_insert_delete" AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_decision_hours_sync"();
--> statement-breakpoint
CREATE TRIGGER "applications_decision_hours_update" AFTER UPDATE OF "status", "reviewed_at", "submitted_at" ON "applications"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."reviewed_at" IS DISTINCT FROM NEW."reviewed_at" OR OLD."submitted_at" IS DISTINCT FROM NEW."submitted_at")
  EXECUTE FUNCTION "application_decision_hours_sync"();
