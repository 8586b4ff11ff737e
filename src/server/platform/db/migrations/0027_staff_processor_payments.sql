CREATE TABLE "processor_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"home_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"ledger_seq" integer,
	"sandbox" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "processor_refunds_state_check" CHECK ("processor_refunds"."state" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "processor_refunds_amount_check" CHECK ("processor_refunds"."amount_cents" > 0),
	CONSTRAINT "processor_refunds_reason_check" CHECK (char_length("processor_refunds"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "processor_events" DROP CONSTRAINT "processor_events_outcome_check";--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_payment_id_processor_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."processor_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_refunds_key_idx" ON "processor_refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_refunds_provider_idx" ON "processor_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_retry_of_processor_payments_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."processor_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payments_retry_idx" ON "processor_payments" USING btree ("retry_of") WHERE "processor_payments"."retry_of" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_events" ADD CONSTRAINT "processor_events_outcome_check" CHECK ("processor_events"."outcome" in ('applied', 'stale', 'unknown_payment', 'unknown_refund', 'ignored'));