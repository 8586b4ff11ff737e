import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { AutopayListParams, AutopayPage } from '../../../domain/payments/ach-files';
import { maskAccountNumber } from '../../../domain/payments/aba';
import type { Db } from '../../platform/db/client';
import { bankAccounts, homes, users } from '../../platform/db/schema';
import { containsPattern } from '../../platform/lists/list-query';

/**
 * GET /api/admin/payments/autopay (docs/decisions/037-autopay-and-ach-files.md): each home's account on file
 * (masked) and whether autopay is on, autopay first, then by address; searched by address, name or e-mail.
 */
export async function autopayHomes(db: Db, params: AutopayListParams): Promise<AutopayPage> {
  const pattern = params.q ? containsPattern(params.q) : null;
  const where = and(
    ne(bankAccounts.state, 'removed'),
    pattern
      ? or(
          sql`lower(${homes.address}) like ${pattern}`,
          sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}) like ${pattern}`,
        )
      : undefined,
  );
  const [rows, [total], [on]] = await Promise.all([
    db
      .select({
        homeId: homes.id,
        address: homes.address,
        firstName: users.firstName,
        lastName: users.lastName,
        last4: bankAccounts.accountLast4,
        state: bankAccounts.state,
        autopay: bankAccounts.autopay,
        since: bankAccounts.autopaySince,
      })
      .from(bankAccounts)
      .innerJoin(homes, eq(homes.id, bankAccounts.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(where)
      .orderBy(desc(bankAccounts.autopay), asc(sql`lower(${homes.address})`), asc(homes.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db.select({ n: count() }).from(bankAccounts).innerJoin(homes, eq(homes.id, bankAccounts.homeId)).innerJoin(users, eq(users.id, homes.userId)).where(where),
    db
      .select({ n: count() })
      .from(bankAccounts)
      .where(and(ne(bankAccounts.state, 'removed'), eq(bankAccounts.autopay, true))),
  ]);
  return {
    items: rows.map((row) => ({
      homeId: row.homeId,
      address: row.address,
      homeownerName: [row.firstName, row.lastName].filter(Boolean).join(' '),
      accountMasked: maskAccountNumber(row.last4),
      accountState: row.state,
      autopay: { on: row.autopay, since: row.since?.toISOString() ?? null },
    })),
    page: params.page,
    pageSize: params.pageSize,
    total: Number(total?.n ?? 0),
    onCount: Number(on?.n ?? 0),
  };
}
