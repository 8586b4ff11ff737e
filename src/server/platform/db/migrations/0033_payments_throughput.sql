ALTER TABLE "processor_events" DROP CONSTRAINT "processor_events_outcome_check";--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "processor_events_pending_idx" ON "processor_events" USING btree ("received_at") WHERE "processor_events"."outcome" = 'pending';--> statement-breakpoint
CREATE INDEX "processor_payments_succeeded_idx" ON "processor_payments" USING btree ("scheduled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "processor_payments"."state" = 'succeeded';--> statement-breakpoint
ALTER TABLE "processor_events" ADD CONSTRAINT "processor_events_outcome_check" CHECK ("processor_events"."outcome" in ('pending', 'applied', 'stale', 'unknown_payment', 'unknown_refund', 'ignored'));