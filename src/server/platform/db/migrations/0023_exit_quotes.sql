CREATE TABLE "home_exit_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"expected_by" date,
	"quoted_on" date,
	"valid_until" date,
	"valuation_id" uuid,
	"valuation_cents" bigint,
	"valued_on" date,
	"valuation_source" text,
	"transfer_fee" jsonb,
	"head_seq" integer,
	"head_hash" text,
	"inputs" jsonb,
	"result" jsonb,
	"total_cents" bigint,
	"replaces_id" uuid,
	"dispute_reason" text,
	"dispute_document_keys" jsonb,
	"disputed_at" timestamp with time zone,
	"dispute_answer" text,
	"dispute_answered_at" timestamp with time zone,
	"move_date" date,
	"accepted_at" timestamp with time zone,
	"notice_id" uuid,
	"withdraw_reason" text,
	"withdrawn_at" timestamp with time zone,
	"completed_on" date,
	"final_result" jsonb,
	"final_total_cents" bigint,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_exit_quotes_kind_check" CHECK ("home_exit_quotes"."kind" in ('move', 'cash_out', 'buy_out')),
	CONSTRAINT "home_exit_quotes_state_check" CHECK ("home_exit_quotes"."state" in ('valuing', 'issued', 'disputed', 'superseded', 'accepted', 'withdrawn', 'completed')),
	CONSTRAINT "home_exit_quotes_issued_check" CHECK ("home_exit_quotes"."state" = 'valuing' OR ("home_exit_quotes"."quoted_on" IS NOT NULL AND "home_exit_quotes"."total_cents" IS NOT NULL AND "home_exit_quotes"."head_hash" IS NOT NULL)),
	CONSTRAINT "home_exit_quotes_accepted_check" CHECK ("home_exit_quotes"."state" NOT IN ('accepted', 'completed') OR ("home_exit_quotes"."move_date" IS NOT NULL AND "home_exit_quotes"."notice_id" IS NOT NULL)),
	CONSTRAINT "home_exit_quotes_dispute_check" CHECK ("home_exit_quotes"."dispute_reason" IS NULL OR char_length("home_exit_quotes"."dispute_reason") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD CONSTRAINT "home_exit_quotes_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD CONSTRAINT "home_exit_quotes_valuation_id_home_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."home_valuations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD CONSTRAINT "home_exit_quotes_notice_id_home_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."home_notices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_exit_quotes_home_idx" ON "home_exit_quotes" USING btree ("home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_exit_quotes_waiting_idx" ON "home_exit_quotes" USING btree ("state","created_at") WHERE "home_exit_quotes"."state" IN ('valuing', 'disputed', 'accepted');