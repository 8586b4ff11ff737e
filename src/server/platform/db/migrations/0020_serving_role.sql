-- Requests are served as a role that owns nothing (docs/decisions/035-serving-role.md): the grants follow every
-- migration (src/server/platform/db/serving-role.ts). Two things the app does need an owner's right, and each is done
-- by a function of the owner's, which does that one thing and nothing else:
-- * locking the ledger against appends while the projections are rebuilt (SHARE mode needs UPDATE, DELETE or
--   TRUNCATE on the table, which the serving role does not hold);
-- * refreshing the planner's figures for the charge states after a charge run (ANALYZE is the owner's).
CREATE FUNCTION "lock_ledger_against_appends"() RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  LOCK TABLE "ledger_entries" IN SHARE MODE;
$$;
--> statement-breakpoint
CREATE FUNCTION "analyze_ledger_charge_states"() RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  ANALYZE "ledger_charge_states";
$$;
