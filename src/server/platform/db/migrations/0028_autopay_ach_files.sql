CREATE TABLE "ach_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_day" date NOT NULL,
	"effective_date" date NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"entry_count" integer NOT NULL,
	"debit_count" integer NOT NULL,
	"total_debit_cents" bigint NOT NULL,
	"total_credit_cents" bigint NOT NULL,
	"entry_hash" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "autopay_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "origin" text DEFAULT 'pay_now' NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "month" integer;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "collector" text DEFAULT 'processor' NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "ach_file_id" uuid;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "trace_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ach_files_day_idx" ON "ach_files" USING btree ("business_day");--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_ach_file_id_ach_files_id_fk" FOREIGN KEY ("ach_file_id") REFERENCES "public"."ach_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payments_autopay_idx" ON "processor_payments" USING btree ("home_id","month") WHERE "processor_payments"."origin" = 'autopay';--> statement-breakpoint
CREATE INDEX "processor_payments_bank_queue_idx" ON "processor_payments" USING btree ("scheduled_at") WHERE "processor_payments"."collector" = 'bank' and "processor_payments"."ach_file_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payments_trace_idx" ON "processor_payments" USING btree ("trace_number");--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_origin_check" CHECK ("processor_payments"."origin" in ('pay_now', 'autopay'));--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_collector_check" CHECK ("processor_payments"."collector" in ('processor', 'bank'));--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_autopay_month_check" CHECK (("processor_payments"."origin" = 'autopay') = ("processor_payments"."month" is not null));