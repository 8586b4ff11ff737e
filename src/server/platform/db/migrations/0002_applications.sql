CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"draft" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"ssn_last4" text,
	"date_of_birth" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"employment_status" text,
	"employer_name" text,
	"job_title" text,
	"annual_income" numeric(14, 2),
	"savings_amount" numeric(14, 2),
	"retirement_accounts" numeric(14, 2),
	"credit_card_debt" numeric(14, 2),
	"student_loans" numeric(14, 2),
	"property_address" text,
	"property_value" numeric(14, 2),
	"down_payment" numeric(14, 2),
	"consent_credit_pull" boolean DEFAULT false NOT NULL,
	"consent_e_sign" boolean DEFAULT false NOT NULL,
	"consented_at" timestamp with time zone,
	"certified_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"notes" text,
	"assignee" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('governmentId', 'bankStatements', 'paystubs', 'taxReturns')),
	CONSTRAINT "documents_content_type_check" CHECK ("documents"."content_type" in ('application/pdf', 'image/jpeg', 'image/png'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_active_per_user_idx" ON "applications" USING btree ("user_id") WHERE "applications"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "applications_user_id_idx" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_status_submitted_at_idx" ON "applications" USING btree ("status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_submitted_at_idx" ON "applications" USING btree ("submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_email_lower_idx" ON "applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applications_last_name_lower_idx" ON "applications" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "applications_first_name_lower_idx" ON "applications" USING btree (lower("first_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "documents_application_type_idx" ON "documents" USING btree ("application_id","type");--> statement-breakpoint
CREATE INDEX "documents_user_id_idx" ON "documents" USING btree ("user_id");