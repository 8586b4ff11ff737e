import { sql } from 'drizzle-orm';
import { applicantName } from '../../../domain/admin/applications';
import { OVERVIEW_OVERDUE_HOMES, type OverviewHomes } from '../../../domain/admin/overview';
import { OPEN_NOTICE_STATES } from '../../../domain/homes/changes';
import { ledgerToday } from '../../../domain/homes/dates';
import { addDays } from '../../../domain/ledger';
import { queryRows, type Db } from '../../platform/db/client';
import { feeSettingsOf } from './fees';

/**
 * The homes' part of /admin (docs/product/back-office.md#overview): the active homes with a charge not paid in full
 * after its due date plus the settings' grace period (graceDays, as the late fees count it: src/server/modules/homes/fees.ts),
 * the oldest first, read from the open charges of the ledger's projection (docs/decisions/024-ledger-projections.md);
 * and how many homeowners' requests wait for staff.
 */

interface OverdueRow {
  home_id: string;
  address: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  overdue_cents: string | number;
  oldest_due_on: string | Date;
}

interface CountsRow {
  overdue_homes: string | number;
  payment_changes: string | number;
  notices: string | number;
  fee_waivers: string | number;
}

const dateText = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const openNoticeStates = sql.join(
  OPEN_NOTICE_STATES.map((state) => sql`${state}`),
  sql`, `,
);

export async function homesOverview(db: Db, today = ledgerToday()): Promise<OverviewHomes> {
  const { graceDays } = await feeSettingsOf(db);
  // Overdue on `today`: due before today - graceDays (the last day to pay without being late is the due date + graceDays).
  const lastOnTime = addDays(today, -graceDays);
  const overdue = () => sql`ledger_charge_states s join homes h on h.id = s.home_id and h.state = 'active'
    where s.paid_cents < s.amount_cents and s.due_on < ${lastOnTime}::date`;
  const rows = await queryRows<OverdueRow>(
    db,
    sql`select s.home_id, h.address, u.first_name, u.last_name, u.email,
          sum(s.amount_cents - s.paid_cents) as overdue_cents, min(s.due_on) as oldest_due_on
        from ledger_charge_states s join homes h on h.id = s.home_id and h.state = 'active' join "user" u on u.id = h.user_id
        where s.paid_cents < s.amount_cents and s.due_on < ${lastOnTime}::date
        group by s.home_id, h.address, u.first_name, u.last_name, u.email
        order by min(s.due_on), h.address limit ${OVERVIEW_OVERDUE_HOMES}`,
  );
  const [counts] = await queryRows<CountsRow>(
    db,
    sql`select (select count(distinct s.home_id) from ${overdue()}) as overdue_homes,
          (select count(*) from home_payment_changes where state = 'pending') as payment_changes,
          (select count(*) from home_notices where state in (${openNoticeStates})) as notices,
          (select count(*) from fee_waiver_requests where state = 'pending') as fee_waivers`,
  );
  return {
    graceDays,
    overdueHomes: Number(counts?.overdue_homes ?? 0),
    overdue: rows.map((row) => ({
      homeId: row.home_id,
      address: row.address,
      ownerName: applicantName({ firstName: row.first_name, lastName: row.last_name }),
      overdueCents: Number(row.overdue_cents),
      oldestDueOn: dateText(row.oldest_due_on),
    })),
    waiting: {
      paymentChanges: Number(counts?.payment_changes ?? 0),
      notices: Number(counts?.notices ?? 0),
      feeWaivers: Number(counts?.fee_waivers ?? 0),
    },
  };
}
