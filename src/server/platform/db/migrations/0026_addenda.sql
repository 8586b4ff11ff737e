ALTER TABLE "home_notices" DROP CONSTRAINT "home_notices_state_check";--> statement-breakpoint
ALTER TABLE "home_payment_changes" DROP CONSTRAINT "home_payment_changes_state_check";--> statement-breakpoint
ALTER TABLE "signature_envelopes" DROP CONSTRAINT "signature_envelopes_kind_check";--> statement-breakpoint
DROP INDEX "home_notices_open_idx";--> statement-breakpoint
DROP INDEX "home_payment_changes_pending_idx";--> statement-breakpoint
ALTER TABLE "signature_envelopes" ALTER COLUMN "home_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
UPDATE "signature_envelopes" SET "subject_id" = "home_id";--> statement-breakpoint
ALTER TABLE "signature_envelopes" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "signature_envelopes_subject_idx" ON "signature_envelopes" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "home_notices_open_idx" ON "home_notices" USING btree ("home_id") WHERE "home_notices"."state" IN ('signing', 'sent', 'acknowledged', 'scheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "home_payment_changes_pending_idx" ON "home_payment_changes" USING btree ("home_id") WHERE "home_payment_changes"."state" IN ('pending', 'signing');--> statement-breakpoint
ALTER TABLE "home_notices" ADD CONSTRAINT "home_notices_state_check" CHECK ("home_notices"."state" in ('signing', 'sent', 'acknowledged', 'scheduled', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "home_payment_changes" ADD CONSTRAINT "home_payment_changes_state_check" CHECK ("home_payment_changes"."state" in ('pending', 'signing', 'approved', 'declined', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_home_check" CHECK ("signature_envelopes"."kind" = 'letter' OR "signature_envelopes"."home_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_kind_check" CHECK ("signature_envelopes"."kind" in ('agreement', 'payment_change', 'notice', 'letter'));