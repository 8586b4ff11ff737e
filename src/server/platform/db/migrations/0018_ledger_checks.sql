CREATE TABLE "ledger_checkpoint_heads" (
	"home_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_checkpoint_heads_home_id_day_pk" PRIMARY KEY("home_id","day"),
	CONSTRAINT "ledger_checkpoint_heads_check" CHECK ("ledger_checkpoint_heads"."seq" >= 1 AND "ledger_checkpoint_heads"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_checkpoints" (
	"day" date PRIMARY KEY NOT NULL,
	"heads" integer NOT NULL,
	"digest" text NOT NULL,
	"prev_digest" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_checkpoints_digest_check" CHECK ("ledger_checkpoints"."digest" ~ '^[0-9a-f]{64}$' AND "ledger_checkpoints"."prev_digest" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_checks" (
	"home_id" uuid PRIMARY KEY NOT NULL,
	"verified_seq" integer NOT NULL,
	"verified_hash" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"broken_at" timestamp with time zone,
	"broken_seq" integer,
	"broken_message" text,
	"projection_problem" text,
	CONSTRAINT "ledger_checks_seq_check" CHECK ("ledger_checks"."verified_seq" >= 0),
	CONSTRAINT "ledger_checks_hash_check" CHECK ("ledger_checks"."verified_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "ledger_checks_broken_check" CHECK (("ledger_checks"."broken_at" IS NULL) = ("ledger_checks"."broken_seq" IS NULL AND "ledger_checks"."broken_message" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_checkpoint_heads" ADD CONSTRAINT "ledger_checkpoint_heads_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_checkpoint_heads" ADD CONSTRAINT "ledger_checkpoint_heads_day_ledger_checkpoints_day_fk" FOREIGN KEY ("day") REFERENCES "public"."ledger_checkpoints"("day") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_checks" ADD CONSTRAINT "ledger_checks_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_checkpoint_heads_day_idx" ON "ledger_checkpoint_heads" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ledger_checks_broken_idx" ON "ledger_checks" USING btree ("broken_at") WHERE "ledger_checks"."broken_at" IS NOT NULL;--> statement-breakpoint
-- Hand-written: the signed checkpoints are append-only like the ledger they anchor (0014_homes.sql).
CREATE FUNCTION "ledger_checkpoints_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger checkpoints are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_checkpoints_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION "ledger_checkpoints_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_checkpoints_no_truncate" BEFORE TRUNCATE ON "ledger_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_checkpoints_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_checkpoint_heads_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_checkpoint_heads"
  FOR EACH ROW EXECUTE FUNCTION "ledger_checkpoints_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_checkpoint_heads_no_truncate" BEFORE TRUNCATE ON "ledger_checkpoint_heads"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_checkpoints_append_only"();
