-- Trigram indexes for the back office's search (ILIKE '%text%'); pg_trgm is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "application_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "letters_of_intent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone" text,
	"property_address" text,
	"property_value" numeric(14, 2),
	"down_payment_amount" numeric(14, 2),
	"desired_monthly_payment" numeric(14, 2),
	"move_in_date" text,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"intended_state" text,
	"file_key" text,
	"file_size" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_of_intent_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "letters_of_intent_status_check" CHECK ("letters_of_intent"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "intended_state" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "interested_in" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "timeline" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "created_by" text;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity_type","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "letters_of_intent_created_at_idx" ON "letters_of_intent" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "letters_of_intent_email_key_idx" ON "letters_of_intent" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "letters_of_intent_search_idx" ON "letters_of_intent" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_reviewed_at_idx" ON "applications" USING btree ("reviewed_at") WHERE "applications"."reviewed_at" is not null;--> statement-breakpoint
CREATE INDEX "user_search_idx" ON "user" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "waitlist_entries_search_idx" ON "waitlist_entries" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_interested_in_check" CHECK ("waitlist_entries"."interested_in" is null or "waitlist_entries"."interested_in" in ('buying', 'refinancing', 'investing'));--> statement-breakpoint
-- Exact per-status counts for the admin dashboard, kept by a trigger in the same transaction as each change.
INSERT INTO "application_status_counts" ("status", "count")
  SELECT s, (SELECT count(*) FROM "applications" a WHERE a."status" = s)
  FROM unnest(ARRAY['draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined']) AS s;
--> statement-breakpoint
CREATE FUNCTION "application_status_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "application_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "application_status_counts" SET "count" = "count" + 1 WHERE "status" = NEW."status";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_status_counts_insert_delete" AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_status_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "applications_status_counts_update" AFTER UPDATE OF "status" ON "applications"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "application_status_counts_sync"();
