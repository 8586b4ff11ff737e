CREATE TABLE "closing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"milestone" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploader_side" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closing_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "closing_documents_milestone_check" CHECK ("closing_documents"."milestone" in ('inspection', 'appraisal', 'title', 'insurance', 'walk_through', 'closing')),
	CONSTRAINT "closing_documents_side_check" CHECK ("closing_documents"."uploader_side" in ('buyer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "closing_milestones" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD CONSTRAINT "closing_documents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD CONSTRAINT "closing_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_documents_offer_idx" ON "closing_documents" USING btree ("offer_id","milestone","created_at");--> statement-breakpoint
CREATE INDEX "closing_documents_user_idx" ON "closing_documents" USING btree ("user_id");--> statement-breakpoint
-- Milestones already under way or done: their last change is the best start we know.
UPDATE "closing_milestones" SET "started_at" = "updated_at" WHERE "status" <> 'to_do';
