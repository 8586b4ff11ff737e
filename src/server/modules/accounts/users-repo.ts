import { randomUUID } from 'node:crypto';
import { count, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import { userLabels, type AddUserInput, type AdminUser, type UserListParams } from '../../../domain/admin/users';
import type { Role } from '../../../domain/roles';
import { fullName } from '../../../domain/auth';
import { lockAdminRoster } from './delete-account';
import type { Db } from '../../platform/db/client';
import { applications, lettersOfIntent, tableRowCounts, users, waitlistEntries } from '../../platform/db/schema';
import { decodeRows, fixed, fixedPer, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { AppError } from '../../platform/lib/errors';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { hasHome } from '../homes';
import {
  cappedCount,
  dateRangeConditions,
  orderBy,
  pageWindow,
  pageWithKeptTotal,
  searchCondition,
  toPage,
  whereAll,
  type SearchColumns,
} from '../../platform/lists/list-query';
import type { ExportRows } from '../../platform/lists/csv';
import { isoTime } from '../../platform/lib/iso-time';

/**
 * The back office's accounts (docs/product/back-office.md#users). The derived labels
 * come from EXISTS subqueries in the page's own SELECT (one query, not one per
 * row), each answered by an index: applications(user_id),
 * waitlist_entries(email_key), letters_of_intent(email_key). `user.email` is
 * stored lower-cased, so it is compared with the lower-cased keys as it is.
 */
const HAS_APPLICATION = fixed(
  sql<boolean>`exists (select 1 from ${applications} where ${applications.userId} = ${users.id} and ${applications.status} <> 'draft')`,
);
const ON_WAITLIST = fixed(sql<boolean>`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.emailKey} = ${users.email})`);
const HAS_LETTER = fixed(sql<boolean>`exists (select 1 from ${lettersOfIntent} where ${lettersOfIntent.emailKey} = ${users.email})`);

/** The search (`user_search_idx` is a trigram index on the names and e-mail). */
const SEARCH_COLUMNS: SearchColumns = {
  text: fixed(sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`),
  email: users.email,
  id: users.id,
  idKind: 'text',
};

/** The list's columns and the three label tests, from `"user"`. */
const USER_FIELDS = {
  id: users.id,
  createdAt: users.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  intendedState: users.intendedState,
  role: users.role,
  hasApplication: HAS_APPLICATION,
  onWaitlist: ON_WAITLIST,
  hasLetter: HAS_LETTER,
};

const SORT_COLUMNS: Record<UserListParams['sort'], SQL | Column> = {
  created_at: users.createdAt,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
};

const userOrder = fixedPer((sort: UserListParams['sort'], dir: UserListParams['dir']) => orderBy(SORT_COLUMNS[sort], dir, users.id));

function conditions(params: UserListParams): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(params.q, SEARCH_COLUMNS);
  if (search) where.push(search);
  // A homeowner is labelled 'Homeowner' only (userLabels), so the other label filters leave them out.
  const notHomeowner = sql`${users.role} <> 'homeowner'`;
  if (params.filter === 'waitlist') where.push(sql`${ON_WAITLIST} and not ${HAS_APPLICATION} and ${notHomeowner}`);
  else if (params.filter === 'letters') where.push(sql`${HAS_LETTER} and not ${HAS_APPLICATION} and ${notHomeowner}`);
  else if (params.filter === 'applicant') where.push(sql`${HAS_APPLICATION} and ${notHomeowner}`);
  else if (params.filter === 'homeowner') where.push(sql`${users.role} = 'homeowner'`);
  where.push(...dateRangeConditions(users.createdAt, params));
  return where;
}

function toAdminUser(row: RowOf<typeof USER_FIELDS>): AdminUser {
  return {
    id: row.id,
    createdAt: isoTime(row.createdAt),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    intendedState: row.intendedState,
    role: row.role as Role,
    labels: userLabels(row),
  };
}

/**
 * Rows `offset … offset + limit` of the filtered, sorted list, with their labels.
 * The page is chosen first (read from user_created_at_idx in the default order)
 * and the three label tests run for its rows only, not for every account.
 */
function usersQuery(params: UserListParams, window: SQL, extraColumn?: SQL): SQL {
  const order = userOrder(params.sort, params.dir);
  // The page's ids (the inner "user"), then their rows and labels (the outer one).
  return sql`select ${selectList(USER_FIELDS)}${extraColumn ? sql`, ${extraColumn}` : sql``}
        from (select ${users.id} from ${users} ${whereAll(conditions(params))} ${order} ${window}) page
        join ${users} on ${users.id} = page.id
        ${order}`;
}

async function selectUsers(db: Db, params: UserListParams, window: SQL): Promise<AdminUser[]> {
  return (await selectRows(db, USER_FIELDS, usersQuery(params, window))).map(toAdminUser);
}

/** Every account, kept exact by the triggers of migration 0009 (16 rows summed). */
const ALL_USERS = fixed(sql`select sum(${tableRowCounts.count}) from ${tableRowCounts} where ${tableRowCounts.tableName} = 'user'`);

/**
 * One page of the users list and the number of matching accounts: every account
 * exactly (the trigger-kept count, in the page's own statement), a filtered list
 * counted up to the cap.
 */
export async function listUsers(db: Db, params: UserListParams): Promise<Page<AdminUser>> {
  const filtered = params.q || params.filter !== 'all' || params.from || params.to;
  if (!filtered) {
    const { rows, count } = await pageWithKeptTotal(db, USER_FIELDS, (total) => usersQuery(params, pageWindow(params), total), ALL_USERS);
    return toPage(rows.map(toAdminUser), params, count);
  }
  const [items, total] = await Promise.all([
    selectUsers(db, params, pageWindow(params)),
    cappedCount(db, sql`from ${users} ${whereAll(conditions(params))}`, countCapFor(params)),
  ]);
  return toPage(items, params, total);
}

/** The whole filtered list with its labels, in its order (CSV export; src/server/platform/lists/csv.ts reads it in batches). */
export const exportUsersRows = (params: UserListParams): ExportRows<AdminUser> => ({
  query: sql`select * from (${usersQuery(params, sql``)}) export_rows`,
  map: (rows) => decodeRows(USER_FIELDS, rows).map(toAdminUser),
});

/**
 * Add User (docs/product/back-office.md#users): an account with role guest and no
 * password. The person sets one with 'Forgot password' (the reset creates their
 * credential sign-in).
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
    const [withLabels] = await selectRows(tx, USER_FIELDS, sql`select ${selectList(USER_FIELDS)} from ${users} where ${users.id} = ${row.id}`);
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
    // The homeowner role follows a home (docs/decisions/022-homes-and-ledger.md 'Roles'): it is not given by hand, and not taken from someone with a home.
    if (role !== 'admin' && (role === 'homeowner') !== (await hasHome(tx, userId))) {
      throw role === 'homeowner'
        ? new AppError(
            409,
            'homeowner_needs_home',
            'Someone becomes a homeowner when their purchase is recorded: use Record purchase on their approved application.',
          )
        : new AppError(409, 'has_home', 'This person has a home, so they stay a homeowner (or an admin).');
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, { action: 'update', entityType: 'users', entityId: userId, changes: { role: { from, to: role } } });
    return { id: user.id, role };
  });
}
