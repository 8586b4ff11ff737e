import { randomUUID } from 'node:crypto';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../domain/admin/lists';
import { userLabels, type AddUserInput, type AdminUser, type UserListParams } from '../../domain/admin/users';
import type { Role } from '../../domain/roles';
import { fullName } from '../../domain/auth';
import { lockAdminRoster } from '../account/delete-account';
import { queryRows, type Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from './audit';
import { cappedCount, dateRangeConditions, orderBy, pageWindow, pageWithKeptTotal, searchCondition, toPage, whereAll } from './list-query';
import type { ExportRows } from './csv';
import { isoTime } from '../lib/iso-time';

/**
 * The back office's accounts (spec §2 '/admin/users'). The derived labels of spec §4
 * come from EXISTS subqueries in the page's own SELECT (decisions.md: one query,
 * not one per row), each answered by an index: applications(user_id),
 * waitlist_entries(email_key), letters_of_intent(email_key). `user.email` is
 * stored lower-cased, so it is compared with the lower-cased keys as it is.
 */
const HAS_APPLICATION = sql`exists (select 1 from applications a where a.user_id = u.id and a.status <> 'draft')`;
const ON_WAITLIST = sql`exists (select 1 from waitlist_entries w where w.email_key = u.email)`;
const HAS_LETTER = sql`exists (select 1 from letters_of_intent l where l.email_key = u.email)`;

/** The trigram-indexed search expression of `user_search_idx`. */
const SEARCH_TEXT = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.email)`;

/** The list's columns and the three label tests, from `"user" u`. */
const USER_COLUMNS = sql`u.id, u.created_at, u.first_name, u.last_name, u.email, u.phone, u.intended_state, u.role,
  ${HAS_APPLICATION} as has_application, ${ON_WAITLIST} as on_waitlist, ${HAS_LETTER} as has_letter`;

const SORT_COLUMNS: Record<UserListParams['sort'], SQL> = {
  created_at: sql`u.created_at`,
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
  email: sql`u.email`,
};

function conditions(params: UserListParams): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: sql`u.email`, id: sql`u.id`, idKind: 'text' });
  if (search) where.push(search);
  if (params.filter === 'waitlist') where.push(sql`${ON_WAITLIST} and not ${HAS_APPLICATION}`);
  else if (params.filter === 'letters') where.push(sql`${HAS_LETTER} and not ${HAS_APPLICATION}`);
  else if (params.filter === 'applicant') where.push(HAS_APPLICATION);
  else if (params.filter === 'homeowner') where.push(sql`u.role = 'homeowner'`);
  where.push(...dateRangeConditions(sql`u.created_at`, params));
  return where;
}

interface UserRow {
  id: string;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  intended_state: string | null;
  role: Role;
  has_application: boolean;
  on_waitlist: boolean;
  has_letter: boolean;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    intendedState: row.intended_state,
    role: row.role,
    labels: userLabels({ hasApplication: row.has_application, onWaitlist: row.on_waitlist, hasLetter: row.has_letter }),
  };
}

/**
 * Rows `offset … offset + limit` of the filtered, sorted list, with their labels.
 * The page is chosen first (read from user_created_at_idx in the default order)
 * and the three label tests run for its rows only, not for every account.
 */
function usersQuery(params: UserListParams, window: SQL, extraColumn?: SQL): SQL {
  const order = orderBy(SORT_COLUMNS[params.sort], params.dir, sql`u.id`);
  return sql`select ${USER_COLUMNS}${extraColumn ? sql`, ${extraColumn}` : sql``}
        from (select u.id from "user" u ${whereAll(conditions(params))} ${order} ${window}) page
        join "user" u on u.id = page.id
        ${order}`;
}

async function selectUsers(db: Db, params: UserListParams, window: SQL): Promise<AdminUser[]> {
  return (await queryRows<UserRow>(db, usersQuery(params, window))).map(toAdminUser);
}

/** Every account, kept exact by the triggers of migration 0009 (16 rows summed). */
const ALL_USERS = sql`select sum(count) from table_row_counts where table_name = 'user'`;

/**
 * One page of the users list and the number of matching accounts: every account
 * exactly (the trigger-kept count, in the page's own statement), a filtered list
 * counted up to the cap.
 */
export async function listUsers(db: Db, params: UserListParams): Promise<Page<AdminUser>> {
  const filtered = params.q || params.filter !== 'all' || params.from || params.to;
  if (!filtered) {
    const { rows, count } = await pageWithKeptTotal<UserRow>(db, (total) => usersQuery(params, pageWindow(params), total), ALL_USERS);
    return toPage(rows.map(toAdminUser), params, count);
  }
  const [items, total] = await Promise.all([
    selectUsers(db, params, pageWindow(params)),
    cappedCount(db, sql`from "user" u ${whereAll(conditions(params))}`, countCapFor(params)),
  ]);
  return toPage(items, params, total);
}

/** The whole filtered list with its labels, in its order (CSV export; src/server/admin/csv.ts reads it in batches). */
export const exportUsersRows = (params: UserListParams): ExportRows<AdminUser> => ({
  query: sql`select * from (${usersQuery(params, sql``)}) export_rows`,
  map: (rows: UserRow[]) => rows.map(toAdminUser),
});

/**
 * spec §5 'Add User': an account with role guest and no password. The person
 * sets one with 'Forgot password' (the reset creates their credential sign-in).
 * An address already in use: 409 with fields.email; nothing is written.
 */
export async function createUser(db: Db, actor: AuditActor, input: AddUserInput): Promise<AdminUser> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        id: randomUUID(),
        name: fullName(input.firstName, input.lastName),
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        emailVerified: false,
        phone: input.phone || null,
        intendedState: input.intendedState || null,
        role: 'guest',
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw new AppError(409, 'email_taken', 'An account with this email already exists.', { email: 'An account with this email already exists.' });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'users',
      entityId: row.id,
      changes: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone, intendedState: row.intendedState, role: row.role },
    });
    const [withLabels] = await queryRows<UserRow>(tx, sql`select ${USER_COLUMNS} from "user" u where u.id = ${row.id}`);
    return toAdminUser(withLabels!);
  });
}

/**
 * Sets an account's role (audited with `{ role: { from, to } }`). Refused with 409:
 * demoting the last admin, and an admin changing their own role (a lock-out
 * waiting to happen; another admin does it).
 */
export async function changeRole(db: Db, actor: AuditActor, userId: string, role: Role): Promise<{ id: string; role: Role }> {
  return db.transaction(async (tx) => {
    await lockAdminRoster(tx);
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(404, 'not_found', 'There is no such user.');
    const from = user.role as Role;
    if (from === role) return { id: user.id, role };
    if (from === 'admin') {
      const [{ admins }] = await tx.select({ admins: count() }).from(users).where(eq(users.role, 'admin'));
      if (admins <= 1) throw new AppError(409, 'last_admin', 'This is the only admin. Make someone else an admin first.');
    }
    if (user.id === actor.id) throw new AppError(409, 'own_role', 'You cannot change your own role. Ask another admin to do it.');
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, { action: 'update', entityType: 'users', entityId: userId, changes: { role: { from, to: role } } });
    return { id: user.id, role };
  });
}
