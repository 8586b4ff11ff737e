CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_type" text NOT NULL,
	"state" text DEFAULT 'unverified' NOT NULL,
	"verify_attempts" integer DEFAULT 0 NOT NULL,
	"autopay" boolean DEFAULT false NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_setup_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"authorisation_version" text NOT NULL,
	"authorisation_text" text NOT NULL,
	"authorised_at" timestamp with time zone NOT NULL,
	"authorised_ip" text,
	"authorised_user_agent" text,
	"sandbox" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_state_check" CHECK ("bank_accounts"."state" in ('unverified', 'verified', 'locked', 'removed')),
	CONSTRAINT "bank_accounts_type_check" CHECK ("bank_accounts"."account_type" in ('checking', 'savings')),
	CONSTRAINT "bank_accounts_routing_check" CHECK ("bank_accounts"."routing_number" ~ '^[0-9]{9}$'),
	CONSTRAINT "bank_accounts_last4_check" CHECK ("bank_accounts"."account_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "processor_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider_payment_id" text,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"failure_code" text,
	"return_code" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_events_outcome_check" CHECK ("processor_events"."outcome" in ('applied', 'stale', 'unknown_payment', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "processor_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_payment_id" text,
	"failure_code" text,
	"return_code" text,
	"payment_seq" integer,
	"reversal_seq" integer,
	"sandbox" boolean NOT NULL,
	"created_by" text,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	CONSTRAINT "processor_payments_state_check" CHECK ("processor_payments"."state" in ('scheduled', 'processing', 'succeeded', 'failed', 'returned')),
	CONSTRAINT "processor_payments_amount_check" CHECK ("processor_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_events" ADD CONSTRAINT "processor_events_payment_id_processor_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."processor_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD CONSTRAINT "processor_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_home_active_idx" ON "bank_accounts" USING btree ("home_id") WHERE "bank_accounts"."state" <> 'removed';--> statement-breakpoint
CREATE INDEX "processor_events_unknown_idx" ON "processor_events" USING btree ("received_at") WHERE "processor_events"."outcome" = 'unknown_payment';--> statement-breakpoint
CREATE INDEX "processor_events_payment_idx" ON "processor_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payments_key_idx" ON "processor_payments" USING btree ("home_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payments_provider_idx" ON "processor_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "processor_payments_home_idx" ON "processor_payments" USING btree ("home_id","scheduled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processor_payments_open_idx" ON "processor_payments" USING btree ("state","scheduled_at") WHERE "processor_payments"."state" in ('scheduled', 'processing', 'failed', 'returned');