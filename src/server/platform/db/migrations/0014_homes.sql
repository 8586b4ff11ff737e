-- Issue 14, homeowners (docs/decisions/022-homes-and-ledger.md): homes and their agreements, the terms' history,
-- the append-only ledger in whole cents with one hash chain per home, valuations, payment changes, 60-day notices
-- and monthly statements. The ledger refuses UPDATE, DELETE and TRUNCATE (trigger at the end).
CREATE TABLE "home_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requested_date" date NOT NULL,
	"estimated_payout_cents" bigint NOT NULL,
	"note" text,
	"state" text DEFAULT 'sent' NOT NULL,
	"scheduled_date" date,
	"payout_cents" bigint,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"state_changed_by" text,
	CONSTRAINT "home_notices_kind_check" CHECK ("home_notices"."kind" in ('move', 'cash_out', 'buy_out')),
	CONSTRAINT "home_notices_state_check" CHECK ("home_notices"."state" in ('sent', 'acknowledged', 'scheduled', 'completed', 'cancelled')),
	CONSTRAINT "home_notices_estimate_check" CHECK ("home_notices"."estimated_payout_cents" >= 0),
	CONSTRAINT "home_notices_payout_check" CHECK (("home_notices"."state" = 'completed') = ("home_notices"."payout_cents" IS NOT NULL) AND ("home_notices"."payout_cents" IS NULL OR "home_notices"."payout_cents" >= 0)),
	CONSTRAINT "home_notices_scheduled_check" CHECK ("home_notices"."state" NOT IN ('scheduled', 'completed') OR "home_notices"."scheduled_date" IS NOT NULL),
	CONSTRAINT "home_notices_cancel_check" CHECK (("home_notices"."state" = 'cancelled') = ("home_notices"."cancel_reason" IS NOT NULL AND char_length("home_notices"."cancel_reason") BETWEEN 1 AND 1000)),
	CONSTRAINT "home_notices_note_check" CHECK ("home_notices"."note" IS NULL OR char_length("home_notices"."note") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "home_payment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"from_month" integer,
	"reason" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "home_payment_changes_state_check" CHECK ("home_payment_changes"."state" in ('pending', 'approved', 'declined', 'withdrawn')),
	CONSTRAINT "home_payment_changes_payment_check" CHECK ("home_payment_changes"."monthly_payment_cents" > 0),
	CONSTRAINT "home_payment_changes_approved_check" CHECK (("home_payment_changes"."state" = 'approved') = ("home_payment_changes"."from_month" IS NOT NULL)),
	CONSTRAINT "home_payment_changes_reason_check" CHECK (("home_payment_changes"."state" = 'declined') = ("home_payment_changes"."reason" IS NOT NULL AND char_length("home_payment_changes"."reason") BETWEEN 1 AND 1000))
);
--> statement-breakpoint
CREATE TABLE "home_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"period" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"head_seq" integer NOT NULL,
	"head_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_statements_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "home_statements_period_check" CHECK ("home_statements"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "home_terms" (
	"home_id" uuid NOT NULL,
	"from_month" integer NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"payment_change_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_terms_home_id_from_month_pk" PRIMARY KEY("home_id","from_month"),
	CONSTRAINT "home_terms_month_check" CHECK ("home_terms"."from_month" >= 1),
	CONSTRAINT "home_terms_payment_check" CHECK ("home_terms"."monthly_payment_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "home_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"value_cents" bigint NOT NULL,
	"valued_on" date NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_valuations_source_check" CHECK ("home_valuations"."source" in ('purchase', 'appraisal', 'broker_opinion', 'index')),
	CONSTRAINT "home_valuations_value_check" CHECK ("home_valuations"."value_cents" > 0),
	CONSTRAINT "home_valuations_note_check" CHECK ("home_valuations"."note" IS NULL OR char_length("home_valuations"."note") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "homes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"application_id" uuid NOT NULL,
	"address" text NOT NULL,
	"purchase_date" date NOT NULL,
	"price_cents" bigint NOT NULL,
	"down_payment_cents" bigint NOT NULL,
	"mortgage_rate" numeric(6, 3) NOT NULL,
	"appreciation_rate" numeric(6, 3) NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"closed_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homes_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "homes_state_check" CHECK ("homes"."state" in ('active', 'closed')),
	CONSTRAINT "homes_money_check" CHECK ("homes"."price_cents" > 0 AND "homes"."down_payment_cents" >= 0 AND "homes"."down_payment_cents" < "homes"."price_cents"),
	CONSTRAINT "homes_rates_check" CHECK ("homes"."mortgage_rate" > 0 AND "homes"."mortgage_rate" < 30 AND "homes"."appreciation_rate" > -20 AND "homes"."appreciation_rate" < 30),
	CONSTRAINT "homes_address_check" CHECK (char_length("homes"."address") BETWEEN 1 AND 200),
	CONSTRAINT "homes_closed_check" CHECK (("homes"."state" = 'closed') = ("homes"."closed_on" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"home_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"month" integer,
	"effective_on" date NOT NULL,
	"reference" text,
	"reverses_seq" integer,
	"note" text,
	"source" text,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"recorded_by" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_entries_home_id_seq_pk" PRIMARY KEY("home_id","seq"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'refund', 'payout', 'reversal')),
	CONSTRAINT "ledger_entries_seq_check" CHECK ("ledger_entries"."seq" >= 1),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_month_check" CHECK (("ledger_entries"."kind" = 'charge') = ("ledger_entries"."month" IS NOT NULL AND "ledger_entries"."month" >= 1)),
	CONSTRAINT "ledger_entries_reversal_check" CHECK (("ledger_entries"."kind" = 'reversal') = ("ledger_entries"."reverses_seq" IS NOT NULL AND "ledger_entries"."reverses_seq" < "ledger_entries"."seq")),
	CONSTRAINT "ledger_entries_source_check" CHECK (("ledger_entries"."kind" = 'payment') = ("ledger_entries"."source" IS NOT NULL)),
	CONSTRAINT "ledger_entries_hash_check" CHECK ("ledger_entries"."hash" ~ '^[0-9a-f]{64}$' AND "ledger_entries"."prev_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "ledger_entries_note_check" CHECK ("ledger_entries"."note" IS NULL OR char_length("ledger_entries"."note") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "home_notices" ADD CONSTRAINT "home_notices_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_payment_changes" ADD CONSTRAINT "home_payment_changes_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_statements" ADD CONSTRAINT "home_statements_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_terms" ADD CONSTRAINT "home_terms_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_valuations" ADD CONSTRAINT "home_valuations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_notices_open_idx" ON "home_notices" USING btree ("home_id") WHERE "home_notices"."state" IN ('sent', 'acknowledged', 'scheduled');--> statement-breakpoint
CREATE INDEX "home_notices_home_idx" ON "home_notices" USING btree ("home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "home_payment_changes_pending_idx" ON "home_payment_changes" USING btree ("home_id") WHERE "home_payment_changes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "home_payment_changes_home_idx" ON "home_payment_changes" USING btree ("home_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_payment_changes_pending_at_idx" ON "home_payment_changes" USING btree ("requested_at") WHERE "home_payment_changes"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "home_statements_period_idx" ON "home_statements" USING btree ("home_id","period");--> statement-breakpoint
CREATE INDEX "home_valuations_home_idx" ON "home_valuations" USING btree ("home_id","valued_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "homes_user_idx" ON "homes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "homes_created_at_idx" ON "homes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "homes_search_idx" ON "homes" USING gin ((lower("address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "homes_active_idx" ON "homes" USING btree ("id") WHERE "homes"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_charge_month_idx" ON "ledger_entries" USING btree ("home_id","month") WHERE "ledger_entries"."kind" = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_reference_idx" ON "ledger_entries" USING btree ("reference") WHERE "ledger_entries"."kind" = 'payment' AND "ledger_entries"."reference" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_idx" ON "ledger_entries" USING btree ("home_id","reverses_seq") WHERE "ledger_entries"."kind" = 'reversal';--> statement-breakpoint
CREATE INDEX "ledger_entries_kind_effective_idx" ON "ledger_entries" USING btree ("kind","effective_on");--> statement-breakpoint
-- The ledger is append-only: a mistake is undone by a reversing entry, never by changing or removing a row.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
