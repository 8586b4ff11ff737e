import { sql, type Column, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import type { AdminOffer, OfferListParams } from '../../../domain/buying/offers';
import { LIVE_OFFER_STATUSES } from '../../../domain/buying/offers';
import type { Db } from '../../platform/db/client';
import { closingMilestones, homes, offers, preApprovals, users } from '../../platform/db/schema';
import { selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { cappedCount, orderBy, pageWindow, searchCondition, toPage, whereAll } from '../../platform/lists/list-query';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';

/** The back office's offers (docs/product/back-office.md#offers): paged, searched and filtered in SQL like the other lists. */

const SEARCH_TEXT = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${offers.address})`;

const SORT_COLUMNS: Readonly<Record<OfferListParams['sort'], SQL | Column>> = {
  updated_at: offers.updatedAt,
  created_at: offers.createdAt,
  name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
  status: offers.status,
};

function filterOf(params: OfferListParams): SQL {
  const conditions: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: users.email, id: offers.id, idKind: 'uuid' });
  if (search) conditions.push(search);
  if (params.status === 'live')
    conditions.push(
      sql`${offers.status} in (${sql.join(
        LIVE_OFFER_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  else if (params.status !== 'all') conditions.push(sql`${offers.status} = ${params.status}`);
  return whereAll(conditions);
}

const FROM = sql`from ${offers} join ${users} on ${users.id} = ${offers.userId} join ${preApprovals} on ${preApprovals.id} = ${offers.preApprovalId}`;

const LIST_FIELDS = {
  id: offers.id,
  userId: offers.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  buyerEmail: users.email,
  homeId: offers.homeId,
  letterId: offers.letterId,
  address: offers.address,
  state: offers.state,
  status: offers.status,
  offerPriceCents: offers.offerPriceCents,
  downPaymentCents: offers.downPaymentCents,
  monthlyPaymentCents: offers.monthlyPaymentCents,
  moveInDate: offers.moveInDate,
  counterPriceCents: offers.counterPriceCents,
  counterAnswerBy: offers.counterAnswerBy,
  declineReason: offers.declineReason,
  applicationId: preApprovals.applicationId,
  agreedPriceCents: offers.agreedPriceCents,
  appraisalBelowPrice: sql<boolean>`exists (select 1 from ${closingMilestones} where ${closingMilestones.offerId} = ${offers.id} and ${closingMilestones.kind} = 'appraisal' and ${closingMilestones.appraisedValueCents} < ${offers.agreedPriceCents})`,
  purchasedHomeId: sql<string | null>`(select ${homes.id} from ${homes} where ${homes.offerId} = ${offers.id})`,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
};

const present = ({ firstName, lastName, ...row }: RowOf<typeof LIST_FIELDS>): AdminOffer => ({
  ...row,
  buyerName: `${firstName ?? ''} ${lastName ?? ''}`.trim() || row.buyerEmail,
  counterAnswerBy: isoTimeOrNull(row.counterAnswerBy),
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/** One page of offers. */
export async function listOffers(db: Db, params: OfferListParams): Promise<Page<AdminOffer>> {
  const [rows, count] = await Promise.all([
    selectRows(
      db,
      LIST_FIELDS,
      sql`select ${selectList(LIST_FIELDS)} ${FROM} ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, offers.id)} ${pageWindow(params)}`,
    ),
    cappedCount(db, sql`${FROM} ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(rows.map(present), params, count);
}
