CREATE TABLE "signature_envelopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"document_key" text NOT NULL,
	"document_sha256" text NOT NULL,
	"document_size" integer NOT NULL,
	"document_text" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"method" text DEFAULT 'esign' NOT NULL,
	"sealed_key" text,
	"sealed_sha256" text,
	"sealed_size" integer,
	"completed_at" timestamp with time zone,
	"end_reason" text,
	"ended_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_envelopes_kind_check" CHECK ("signature_envelopes"."kind" in ('agreement')),
	CONSTRAINT "signature_envelopes_state_check" CHECK ("signature_envelopes"."state" in ('sent', 'completed', 'declined', 'voided')),
	CONSTRAINT "signature_envelopes_sealed_check" CHECK (("signature_envelopes"."state" = 'completed') = ("signature_envelopes"."sealed_sha256" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envelope_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"opened_sha256" text,
	"opened_at" timestamp with time zone,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signature" jsonb,
	"fields" jsonb,
	"signed_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "signature_signers_role_check" CHECK ("signature_signers"."role" in ('homeowner', 'staff')),
	CONSTRAINT "signature_signers_state_check" CHECK ("signature_signers"."state" in ('waiting', 'pending', 'signed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "agreement_state" text DEFAULT 'in_force' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_envelope_id_signature_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signature_envelopes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_envelopes_home_idx" ON "signature_envelopes" USING btree ("home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_envelopes_waiting_idx" ON "signature_envelopes" USING btree ("created_at") WHERE "signature_envelopes"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "signature_envelopes_sealed_idx" ON "signature_envelopes" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_position_idx" ON "signature_signers" USING btree ("envelope_id","position");--> statement-breakpoint
CREATE INDEX "signature_signers_user_idx" ON "signature_signers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_agreement_state_check" CHECK ("homes"."agreement_state" in ('in_force', 'awaiting_signatures'));