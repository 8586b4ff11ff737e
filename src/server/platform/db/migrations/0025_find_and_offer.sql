CREATE TABLE "considered_homes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"listing_url" text,
	"list_price_cents" bigint NOT NULL,
	"beds" integer,
	"baths" numeric(4, 1),
	"square_feet" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "considered_homes_price_check" CHECK ("considered_homes"."list_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"counter_price_cents" bigint,
	"answer_by" timestamp with time zone,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"home_id" uuid,
	"letter_id" uuid,
	"pre_approval_id" uuid NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"status" text DEFAULT 'letter_pending' NOT NULL,
	"offer_price_cents" bigint NOT NULL,
	"down_payment_cents" bigint NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"move_in_date" text NOT NULL,
	"notes" text,
	"counter_price_cents" bigint,
	"counter_answer_by" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('letter_pending', 'letter_declined', 'draft', 'submitted', 'countered', 'accepted', 'rejected', 'withdrawn')),
	CONSTRAINT "offers_figures_check" CHECK ("offers"."offer_price_cents" > 0 and "offers"."down_payment_cents" < "offers"."offer_price_cents" and "offers"."monthly_payment_cents" > 0),
	CONSTRAINT "offers_counter_check" CHECK ("offers"."status" <> 'countered' or ("offers"."counter_price_cents" > 0 and "offers"."counter_answer_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "letters_of_intent" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "letters_of_intent" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "considered_homes" ADD CONSTRAINT "considered_homes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_home_id_considered_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."considered_homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_letter_id_letters_of_intent_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters_of_intent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "considered_homes_user_idx" ON "considered_homes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_idx" ON "offers" USING btree ("user_id") WHERE "offers"."status" in ('letter_pending', 'draft', 'submitted', 'countered', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_letter_idx" ON "offers" USING btree ("letter_id");--> statement-breakpoint
CREATE INDEX "offers_updated_at_idx" ON "offers" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "letters_of_intent" ADD CONSTRAINT "letters_of_intent_source_check" CHECK ("letters_of_intent"."source" in ('staff', 'buyer'));