CREATE TABLE "pre_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"max_price_cents" bigint NOT NULL,
	"monthly_min_cents" bigint NOT NULL,
	"monthly_max_cents" bigint NOT NULL,
	"down_payment_cents" bigint NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"issued_by" text,
	"renewals" integer DEFAULT 0 NOT NULL,
	"renewed_on" date,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_approvals_money_check" CHECK ("pre_approvals"."max_price_cents" > 0 AND "pre_approvals"."monthly_min_cents" > 0 AND "pre_approvals"."monthly_max_cents" >= "pre_approvals"."monthly_min_cents" AND "pre_approvals"."down_payment_cents" < "pre_approvals"."max_price_cents" AND "pre_approvals"."down_payment_cents" * 100 >= "pre_approvals"."max_price_cents" * 2),
	CONSTRAINT "pre_approvals_dates_check" CHECK ("pre_approvals"."expires_on" > "pre_approvals"."issued_on" AND "pre_approvals"."renewals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_approvals_application_idx" ON "pre_approvals" USING btree ("application_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pre_approvals_user_idx" ON "pre_approvals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pre_approvals_notice_due_idx" ON "pre_approvals" USING btree ("expires_on") WHERE "pre_approvals"."expiry_notice_sent_at" IS NULL;