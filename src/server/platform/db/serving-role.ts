/**
 * The role requests are served as (docs/decisions/035-serving-role.md). Migrations run as the owner of the tables;
 * requests run as a role that owns nothing, so it can neither alter, disable nor drop anything (only an owner can), and
 * that holds no UPDATE, DELETE or TRUNCATE right on the append-only tables: the ledger's guarantees are held by the
 * database's grants, not by the app's good manners.
 *
 * - PostgreSQL with `DATABASE_OWNER_URL`: two logins. The owner migrates and grants; `DATABASE_URL`'s login serves.
 * - PostgreSQL with one URL, and the embedded database: that login owns the tables; the app creates the role
 *   `ownstead_app` (no login) and every serving session switches to it (`SET ROLE`), so every statement the app sends
 *   runs with its rights. A session may switch back, so this guards against the app's own statements and not against
 *   someone who controls the process: SECURITY.md says so, and production wants the two logins.
 */

/** The role the app creates for itself when it is given one login. */
export const SERVING_ROLE = 'ownstead_app';

/** Tables nobody serving requests may change or empty: they only grow (their triggers refuse it as well). */
export const APPEND_ONLY_TABLES = ['ledger_entries', 'ledger_checkpoints', 'ledger_checkpoint_heads'] as const;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The owner's grants to the serving role, after every migration (a new table is granted too): read and write every
 * table, append to the append-only ones, use every sequence. Nothing else: no TRUNCATE, REFERENCES or TRIGGER, and no
 * ownership, without which ALTER, DISABLE TRIGGER and DROP are refused.
 */
export function grantStatements(role: string): string[] {
  const r = ident(role);
  const appendOnly = APPEND_ONLY_TABLES.map(ident).join(', ');
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${appendOnly} FROM ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
  ];
}

/**
 * Creates the serving role when it does not exist and lets the current login switch to it. Roles belong to the whole
 * PostgreSQL server: two databases (or test files) may create it at once, and the loser's duplicate is fine.
 */
export const ensureRoleStatement = (role: string) => `DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role.replaceAll("'", "''")}') THEN
    BEGIN
      CREATE ROLE ${ident(role)} NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, '${role.replaceAll("'", "''")}', 'MEMBER') THEN
    EXECUTE format('GRANT %I TO %I', '${role.replaceAll("'", "''")}', current_user);
  END IF;
END $$`;

/** Switches a session to the serving role, when it exists and this login may (a fresh database: after migrating). */
export const switchToServingRoleStatement = (role: string) =>
  `SELECT set_config('role', rolname, false) FROM pg_roles WHERE rolname = '${role.replaceAll("'", "''")}' AND pg_has_role(session_user, oid, 'MEMBER')`;

/**
 * The start-up warning for production on PostgreSQL without a login of its own for requests (README 'PostgreSQL'):
 * with one login the serving role is a switch the session could undo; without the right to create roles there is none.
 */
export function servingGuardWarning(config: { NODE_ENV: string; DATABASE_URL?: string }, guard: 'login' | 'role' | 'none'): string | undefined {
  if (config.NODE_ENV !== 'production' || !config.DATABASE_URL || guard === 'login') return undefined;
  const now =
    guard === 'role'
      ? `requests run as the role ${SERVING_ROLE}, which the same login could switch back from`
      : `this login may not create the role ${SERVING_ROLE}: requests run with the owner's rights and could lift the ledger's guard`;
  return `DATABASE_OWNER_URL is not set: ${now}. Give the owner and requests a login each (README 'PostgreSQL', docs/decisions/035-serving-role.md).`;
}
