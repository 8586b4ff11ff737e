CREATE TABLE "bank_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"authorisation_version" text NOT NULL,
	"authorisation_text" text NOT NULL,
	"authorised_at" timestamp with time zone NOT NULL,
	"authorised_ip" text,
	"authorised_user_agent" text,
	"sandbox" boolean NOT NULL,
	"bank_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bank_links_state_check" CHECK ("bank_links"."state" in ('open', 'completed', 'cancelled')),
	CONSTRAINT "bank_links_completed_check" CHECK (("bank_links"."state" = 'completed') = ("bank_links"."bank_account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "account_number_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "verification" text DEFAULT 'microdeposits' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_links_session_idx" ON "bank_links" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "bank_links_home_idx" ON "bank_links" USING btree ("home_id");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_verification_check" CHECK ("bank_accounts"."verification" in ('microdeposits', 'instant'));--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_number_check" CHECK ("bank_accounts"."account_number_sealed" is not null or "bank_accounts"."verification" = 'instant');