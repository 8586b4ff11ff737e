ALTER TABLE "closing_milestones" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- Milestones already under way or done: their last change is the best start we know.
UPDATE "closing_milestones" SET "started_at" = "updated_at" WHERE "status" <> 'to_do';
