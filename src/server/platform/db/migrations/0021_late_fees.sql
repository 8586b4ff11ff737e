CREATE TABLE "fee_waiver_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"fee_seq" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reversal_seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_waiver_requests_state_check" CHECK ("fee_waiver_requests"."state" in ('pending', 'granted', 'refused')),
	CONSTRAINT "fee_waiver_requests_reason_check" CHECK (char_length("fee_waiver_requests"."reason") BETWEEN 1 AND 500),
	CONSTRAINT "fee_waiver_requests_decision_check" CHECK ("fee_waiver_requests"."decision_reason" IS NULL OR char_length("fee_waiver_requests"."decision_reason") BETWEEN 1 AND 500),
	CONSTRAINT "fee_waiver_requests_granted_check" CHECK (("fee_waiver_requests"."state" = 'granted') = ("fee_waiver_requests"."reversal_seq" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_month_check";--> statement-breakpoint
ALTER TABLE "fee_waiver_requests" ADD CONSTRAINT "fee_waiver_requests_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_waiver_requests_fee_idx" ON "fee_waiver_requests" USING btree ("home_id","fee_seq");--> statement-breakpoint
CREATE INDEX "fee_waiver_requests_home_idx" ON "fee_waiver_requests" USING btree ("home_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_waiver_requests_pending_idx" ON "fee_waiver_requests" USING btree ("created_at") WHERE "fee_waiver_requests"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_fee_month_idx" ON "ledger_entries" USING btree ("home_id","month") WHERE "ledger_entries"."kind" = 'fee';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'refund', 'payout', 'reversal', 'fee'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_month_check" CHECK (("ledger_entries"."kind" in ('charge', 'fee')) = ("ledger_entries"."month" IS NOT NULL AND "ledger_entries"."month" >= 1));--> statement-breakpoint
-- hand-written: the projections rebuilt with late fees in the allocation order (docs/decisions/031-late-fees-and-nacha.md):
-- home_ledger_totals.charged_cents now sums charges and fees, and a charge's paid part comes after the fees due before it.
-- No fee exists before this migration, so the figures do not change; the statements are ledger-projection.ts's REBUILD_STATEMENTS, verbatim.
DELETE FROM "ledger_day_totals";
--> statement-breakpoint
DELETE FROM "ledger_charge_states";
--> statement-breakpoint
DELETE FROM "home_ledger_totals";
--> statement-breakpoint
INSERT INTO "home_ledger_totals" ("home_id", "charged_cents", "credited_cents")
SELECT e."home_id",
  coalesce(sum(e."amount_cents") FILTER (WHERE e."kind" IN ('charge', 'fee')), 0),
  coalesce(sum(CASE e."kind" WHEN 'payment' THEN e."amount_cents" WHEN 'refund' THEN -e."amount_cents" ELSE 0 END), 0)
FROM "ledger_entries" e
WHERE NOT EXISTS (
  SELECT 1 FROM "ledger_entries" r
  WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
    AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
)
GROUP BY e."home_id";
--> statement-breakpoint
INSERT INTO "ledger_charge_states" ("home_id", "seq", "month", "due_on", "amount_cents", "paid_cents")
SELECT c."home_id", c."seq", c."month", c."effective_on", c."amount_cents",
  least(c."amount_cents", greatest(0, greatest(0, t."credited_cents") - c."before"))
FROM (
  SELECT e."home_id", e."seq", e."kind", e."month", e."effective_on", e."amount_cents",
    coalesce(sum(e."amount_cents") OVER (PARTITION BY e."home_id" ORDER BY e."effective_on", (e."kind" = 'fee'), e."month", e."seq" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "ledger_entries" e
  WHERE e."kind" IN ('charge', 'fee') AND NOT EXISTS (
    SELECT 1 FROM "ledger_entries" r
    WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
      AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
  )
) c
JOIN "home_ledger_totals" t ON t."home_id" = c."home_id"
WHERE c."kind" = 'charge';
--> statement-breakpoint
INSERT INTO "ledger_day_totals" ("day", "charges", "charged_cents", "paid_charges", "paid_cents")
SELECT "due_on", count(*), sum("amount_cents"), count(*) FILTER (WHERE "paid_cents" = "amount_cents"), sum("paid_cents")
FROM "ledger_charge_states"
GROUP BY "due_on";
--> statement-breakpoint
INSERT INTO "ledger_day_totals" ("day", "payments", "received_cents")
SELECT e."effective_on", count(*), sum(e."amount_cents")
FROM "ledger_entries" e
WHERE e."kind" = 'payment' AND NOT EXISTS (
  SELECT 1 FROM "ledger_entries" r
  WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
    AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
)
GROUP BY e."effective_on"
ON CONFLICT ("day") DO UPDATE SET "payments" = excluded."payments", "received_cents" = excluded."received_cents";
