-- The ledger's projections (docs/decisions/024-ledger-projections.md): each counting charge's paid part, each home's sums
-- and each day's sums across homes, so /admin/payments reads a month instead of allocating every ledger of it. Derived data:
-- written with the entries they follow from (src/server/homes/ledger-projection.ts), rebuilt from the ledger at will.
CREATE TABLE "home_ledger_totals" (
	"home_id" uuid PRIMARY KEY NOT NULL,
	"charged_cents" bigint NOT NULL,
	"credited_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_charge_states" (
	"home_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"month" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_cents" bigint NOT NULL,
	CONSTRAINT "ledger_charge_states_home_id_seq_pk" PRIMARY KEY("home_id","seq"),
	CONSTRAINT "ledger_charge_states_paid_check" CHECK ("ledger_charge_states"."paid_cents" >= 0 AND "ledger_charge_states"."paid_cents" <= "ledger_charge_states"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "ledger_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"paid_charges" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_ledger_totals" ADD CONSTRAINT "home_ledger_totals_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charge_states" ADD CONSTRAINT "ledger_charge_states_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_charge_states_home_due_idx" ON "ledger_charge_states" USING btree ("home_id","due_on");--> statement-breakpoint
CREATE INDEX "ledger_charge_states_open_idx" ON "ledger_charge_states" USING btree ("due_on") WHERE "ledger_charge_states"."paid_cents" < "ledger_charge_states"."amount_cents";--> statement-breakpoint
CREATE INDEX "homes_address_idx" ON "homes" USING btree (lower("address"),"id");--> statement-breakpoint
-- Backfill from the ledgers written so far: the statements of rebuildLedgerProjections (REBUILD_STATEMENTS), verbatim.
INSERT INTO "home_ledger_totals" ("home_id", "charged_cents", "credited_cents")
SELECT e."home_id",
  coalesce(sum(e."amount_cents") FILTER (WHERE e."kind" = 'charge'), 0),
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
  SELECT e."home_id", e."seq", e."month", e."effective_on", e."amount_cents",
    coalesce(sum(e."amount_cents") OVER (PARTITION BY e."home_id" ORDER BY e."month", e."seq" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "ledger_entries" e
  WHERE e."kind" = 'charge' AND NOT EXISTS (
    SELECT 1 FROM "ledger_entries" r
    WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
      AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
  )
) c
JOIN "home_ledger_totals" t ON t."home_id" = c."home_id";
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
