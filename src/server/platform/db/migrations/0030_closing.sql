CREATE TABLE "closing_milestones" (
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'to_do' NOT NULL,
	"owner" text NOT NULL,
	"due_on" date NOT NULL,
	"completed_on" date,
	"findings" text,
	"appraised_value_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closing_milestones_offer_id_kind_pk" PRIMARY KEY("offer_id","kind"),
	CONSTRAINT "closing_milestones_kind_check" CHECK ("closing_milestones"."kind" in ('inspection', 'appraisal', 'title', 'insurance', 'walk_through', 'closing')),
	CONSTRAINT "closing_milestones_status_check" CHECK ("closing_milestones"."status" in ('to_do', 'in_progress', 'done')),
	CONSTRAINT "closing_milestones_owner_check" CHECK ("closing_milestones"."owner" in ('buyer', 'staff')),
	CONSTRAINT "closing_milestones_value_check" CHECK ("closing_milestones"."appraised_value_cents" is null or "closing_milestones"."appraised_value_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_events" ADD COLUMN "milestone" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "agreed_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "closing_milestones" ADD CONSTRAINT "closing_milestones_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_offer_id_unique" UNIQUE("offer_id");