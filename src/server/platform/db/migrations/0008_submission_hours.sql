CREATE TABLE "application_submission_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"submitted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The admin dashboard's New (7d) (docs/decisions/013-applications-search.md): submissions per UTC hour of
-- submitted_at, so the count reads a week of hours instead of every application of the week. Written in hour
-- order, as the trigger goes on appending them: a week of hours then sits in a few pages.
INSERT INTO "application_submission_hours" ("hour", "submitted")
  SELECT date_bin('1 hour', "submitted_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
  FROM "applications"
  WHERE "submitted_at" IS NOT NULL
  GROUP BY 1
  ORDER BY 1;
--> statement-breakpoint
CREATE FUNCTION "application_submission_hours_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."submitted_at" IS NOT NULL THEN
    UPDATE "application_submission_hours" SET "submitted" = "submitted" - 1
      WHERE "hour" = date_bin('1 hour', OLD."submitted_at", TIMESTAMPTZ '2000-01-01 00:00:00+00');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."submitted_at" IS NOT NULL THEN
    INSERT INTO "application_submission_hours" AS h ("hour", "submitted")
      VALUES (date_bin('1 hour', NEW."submitted_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1)
      ON CONFLICT ("hour") DO UPDATE SET "submitted" = h."submitted" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_submission_hours_insert_delete" AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_submission_hours_sync"();
--> statement-breakpoint
CREATE TRIGGER "applications_submission_hours_update" AFTER UPDATE OF "submitted_at" ON "applications"
  FOR EACH ROW WHEN (OLD."submitted_at" IS DISTINCT FROM NEW."submitted_at")
  EXECUTE FUNCTION "application_submission_hours_sync"();
