-- Issue 13, after submit (docs/decisions/021-requests-and-messages.md): requests with their history, per-document
-- review and versions, messages and read markers, assignment, 'Waiting for us', the decline reason, notification
-- preferences, waitlist announcements and the headers of kept mail. Reminders and notifications are jobs (0012).
CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"email_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_email_key_pk" PRIMARY KEY("announcement_id","email_key"),
	CONSTRAINT "announcement_recipients_state_check" CHECK ("announcement_recipients"."state" in ('queued', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "announcements_state_check" CHECK ("announcements"."state" in ('draft', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "announcements_subject_check" CHECK (char_length("announcements"."subject") BETWEEN 1 AND 200),
	CONSTRAINT "announcements_body_check" CHECK (char_length("announcements"."body") BETWEEN 1 AND 20000)
);
--> statement-breakpoint
CREATE TABLE "application_conversations" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"applicant_read_at" timestamp with time zone,
	"staff_read_at" timestamp with time zone,
	"applicant_notified_at" timestamp with time zone,
	"staff_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"sender_id" text,
	"sender_side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "application_messages_sender_side_check" CHECK ("application_messages"."sender_side" in ('applicant', 'staff')),
	CONSTRAINT "application_messages_body_check" CHECK (CASE WHEN "application_messages"."deleted_at" IS NULL THEN char_length("application_messages"."body") BETWEEN 1 AND 5000 ELSE "application_messages"."body" = '' END)
);
--> statement-breakpoint
CREATE TABLE "application_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"fields" text[],
	CONSTRAINT "application_request_events_action_check" CHECK ("application_request_events"."action" in ('create', 'answer', 'accept', 'reopen', 'withdraw')),
	CONSTRAINT "application_request_events_note_check" CHECK (char_length("application_request_events"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "application_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_type" text,
	"title" text,
	"fields" text[],
	"document_id" uuid,
	"note" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_by" text,
	CONSTRAINT "application_requests_kind_check" CHECK ("application_requests"."kind" in ('document', 'correction')),
	CONSTRAINT "application_requests_state_check" CHECK ("application_requests"."state" in ('open', 'answered', 'accepted', 'withdrawn')),
	CONSTRAINT "application_requests_document_type_check" CHECK ("application_requests"."document_type" in ('governmentId', 'bankStatements', 'paystubs', 'taxReturns', 'other')),
	CONSTRAINT "application_requests_document_check" CHECK (("application_requests"."kind" = 'document') = ("application_requests"."document_type" IS NOT NULL)),
	CONSTRAINT "application_requests_fields_check" CHECK (("application_requests"."kind" = 'correction') = ("application_requests"."fields" IS NOT NULL AND cardinality("application_requests"."fields") >= 1)),
	CONSTRAINT "application_requests_title_check" CHECK (("application_requests"."document_type" IS NOT DISTINCT FROM 'other') = ("application_requests"."title" IS NOT NULL AND char_length("application_requests"."title") BETWEEN 1 AND 100)),
	CONSTRAINT "application_requests_note_check" CHECK (char_length("application_requests"."note") BETWEEN 1 AND 1000),
	CONSTRAINT "application_requests_round_check" CHECK ("application_requests"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"email_key" text NOT NULL,
	"kind" text NOT NULL,
	"subscribed" boolean NOT NULL,
	"changed_via" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_email_key_kind_pk" PRIMARY KEY("email_key","kind"),
	CONSTRAINT "notification_preferences_changed_via_check" CHECK ("notification_preferences"."changed_via" in ('link', 'account'))
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_type_check";--> statement-breakpoint
DROP INDEX "documents_application_type_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_conversations" ADD CONSTRAINT "application_conversations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_request_events" ADD CONSTRAINT "application_request_events_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_queued_idx" ON "announcement_recipients" USING btree ("announcement_id","email_key") WHERE "announcement_recipients"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "announcement_recipients_email_key_idx" ON "announcement_recipients" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "announcements_created_at_idx" ON "announcements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_messages_conversation_idx" ON "application_messages" USING btree ("application_id","created_at","id");--> statement-breakpoint
CREATE INDEX "application_request_events_request_idx" ON "application_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "application_requests_application_idx" ON "application_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_requests_document_idx" ON "application_requests" USING btree ("document_id") WHERE "application_requests"."document_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_waiting_idx" ON "applications" USING btree ("waiting_since","id") WHERE "applications"."waiting_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_assignee_idx" ON "applications" USING btree ("assignee_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "applications"."assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_request_idx" ON "documents" USING btree ("request_id") WHERE "documents"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_application_type_idx" ON "documents" USING btree ("application_id","type","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decline_reason_check" CHECK (char_length("applications"."decline_reason") <= 1000);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_title_check" CHECK (char_length("documents"."title") <= 100);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_review_state_check" CHECK ("documents"."review_state" in ('accepted', 'needs_attention'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_review_reason_check" CHECK (char_length("documents"."review_reason") <= 1000);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('governmentId', 'bankStatements', 'paystubs', 'taxReturns', 'other'));--> statement-breakpoint
-- 'Waiting for us' for the applications already submitted: ours since their submission (no request exists yet).
UPDATE "applications" SET "waiting_since" = "submitted_at" WHERE "status" IN ('submitted', 'in_review') AND "submitted_at" IS NOT NULL;