ALTER TABLE "home_exit_quotes" DROP CONSTRAINT "home_exit_quotes_state_check";--> statement-breakpoint
ALTER TABLE "signature_envelopes" DROP CONSTRAINT "signature_envelopes_kind_check";--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD COLUMN "envelope_id" uuid;--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD COLUMN "signing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD COLUMN "signature_note" text;--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD CONSTRAINT "home_exit_quotes_signing_check" CHECK ("home_exit_quotes"."state" <> 'signing' OR ("home_exit_quotes"."move_date" IS NOT NULL AND "home_exit_quotes"."envelope_id" IS NOT NULL AND "home_exit_quotes"."signing_until" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "home_exit_quotes" ADD CONSTRAINT "home_exit_quotes_state_check" CHECK ("home_exit_quotes"."state" in ('valuing', 'issued', 'disputed', 'superseded', 'signing', 'accepted', 'withdrawn', 'completed'));--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_kind_check" CHECK ("signature_envelopes"."kind" in ('agreement', 'payment_change', 'notice', 'letter', 'exit_quote'));