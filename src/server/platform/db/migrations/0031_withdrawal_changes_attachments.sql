CREATE TABLE "application_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" jsonb,
	"note" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "application_change_requests_state_check" CHECK ("application_change_requests"."state" in ('open', 'accepted', 'declined')),
	CONSTRAINT "application_change_requests_note_check" CHECK (char_length("application_change_requests"."note") BETWEEN 1 AND 1000),
	CONSTRAINT "application_change_requests_field_check" CHECK (char_length("application_change_requests"."field") BETWEEN 1 AND 100),
	CONSTRAINT "application_change_requests_decline_check" CHECK (("application_change_requests"."state" = 'declined') = ("application_change_requests"."decline_reason" IS NOT NULL AND char_length("application_change_requests"."decline_reason") BETWEEN 1 AND 1000)),
	CONSTRAINT "application_change_requests_decided_check" CHECK (("application_change_requests"."state" = 'open') = ("application_change_requests"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "application_messages" DROP CONSTRAINT "application_messages_body_check";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "applications_one_active_per_user_idx";--> statement-breakpoint
ALTER TABLE "application_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "application_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "application_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "application_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "withdraw_reason" text;--> statement-breakpoint
ALTER TABLE "application_change_requests" ADD CONSTRAINT "application_change_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_change_requests_application_idx" ON "application_change_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_change_requests_open_idx" ON "application_change_requests" USING btree ("application_id","field") WHERE "application_change_requests"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_active_per_user_idx" ON "applications" USING btree ("user_id") WHERE "applications"."status" not in ('declined', 'withdrawn');--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_attachment_key_unique" UNIQUE("attachment_key");--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_attachment_check" CHECK (("application_messages"."attachment_key" IS NULL) = ("application_messages"."attachment_name" IS NULL) AND ("application_messages"."attachment_key" IS NULL) = ("application_messages"."attachment_type" IS NULL) AND ("application_messages"."attachment_key" IS NULL) = ("application_messages"."attachment_size" IS NULL) AND "application_messages"."attachment_type" in ('application/pdf', 'image/jpeg', 'image/png'));--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_body_check" CHECK (CASE WHEN "application_messages"."deleted_at" IS NULL THEN char_length("application_messages"."body") BETWEEN (CASE WHEN "application_messages"."attachment_key" IS NULL THEN 1 ELSE 0 END) AND 5000 ELSE "application_messages"."body" = '' END);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_withdraw_reason_check" CHECK (char_length("applications"."withdraw_reason") BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined', 'withdrawn'));