import { sql, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import { PIPELINE_STAGES, type Pipeline, type PipelineBuyer, type PipelineListParams, type PipelineStage } from '../../../domain/buying/closing';
import { LIVE_OFFER_STATUSES } from '../../../domain/buying/offers';
import { LEDGER_TIME_ZONE, ledgerToday } from '../../../domain/homes/dates';
import { queryRows, type Db } from '../../platform/db/client';
import { applications, closingMilestones, consideredHomes, homes, offerEvents, offers, preApprovals, users } from '../../platform/db/schema';
import { cappedCount, orderBy, pageWindow, searchCondition, toPage } from '../../platform/lists/list-query';

const LIVE = sql.join(
  LIVE_OFFER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The staff pipeline (docs/decisions/042-closing.md): every approved application's buyer in one stage —
 * homeowner (a home recorded), closing (an accepted offer whose closing milestone has started),
 * under contract (an accepted offer), offer (another live offer), searching (homes listed), else approved.
 */
const STAGE = sql`case
  when exists (select 1 from ${homes} where ${homes.userId} = ${applications.userId}) then 'homeowner'
  when exists (
    select 1 from ${offers} join ${closingMilestones} on ${closingMilestones.offerId} = ${offers.id}
    where ${offers.userId} = ${applications.userId} and ${offers.status} = 'accepted' and ${closingMilestones.kind} = 'closing' and ${closingMilestones.status} <> 'to_do'
  ) then 'closing'
  when exists (select 1 from ${offers} where ${offers.userId} = ${applications.userId} and ${offers.status} = 'accepted') then 'under_contract'
  when exists (select 1 from ${offers} where ${offers.userId} = ${applications.userId} and ${offers.status} in (${LIVE})) then 'offer'
  when exists (select 1 from ${consideredHomes} where ${consideredHomes.userId} = ${applications.userId}) then 'searching'
  else 'approved'
end`;

/** GET /api/admin/offers/pipeline: how many buyers stand in each stage. */
export async function pipelineCounts(db: Db): Promise<Pipeline> {
  const rows = await queryRows<{ stage: PipelineStage; count: number | string }>(
    db,
    sql`select stage, count(*) as count from (select ${STAGE} as stage from ${applications} where ${applications.status} = 'approved') s group by stage`,
  );
  const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Pipeline;
  for (const row of rows) counts[row.stage] = Number(row.count);
  return counts;
}

/** A time as a date of the ledger's calendar. */
const day = (time: SQL) => sql`((${time}) at time zone ${LEDGER_TIME_ZONE})::date`;

/** When the buyer was approved: their application's latest pre-approval, else its review. */
const APPROVED_AT = sql`coalesce((select max(${preApprovals.createdAt}) from ${preApprovals} where ${preApprovals.applicationId} = s.application_id), s.reviewed_at)`;

/**
 * The day each buyer entered their stage: homeowner, the purchase date; closing, the day the closing
 * milestone started; under contract, the acceptance; offer, the day the live offer was made; searching,
 * the first home listed (or the end of their last offer, or the approval, whichever is later); approved,
 * the approval.
 */
const SINCE = sql`coalesce(case s.stage
  when 'homeowner' then (select min(${homes.purchaseDate}) from ${homes} where ${homes.userId} = s.user_id)
  when 'closing' then ${day(sql`(select min(${closingMilestones.startedAt}) from ${offers} join ${closingMilestones} on ${closingMilestones.offerId} = ${offers.id}
    where ${offers.userId} = s.user_id and ${offers.status} = 'accepted' and ${closingMilestones.kind} = 'closing')`)}
  when 'under_contract' then ${day(sql`(select coalesce(max(${offerEvents.at}), max(${offers.updatedAt})) from ${offers} left join ${offerEvents} on ${offerEvents.offerId} = ${offers.id} and ${offerEvents.kind} in ('accepted', 'counter_accepted')
    where ${offers.userId} = s.user_id and ${offers.status} = 'accepted')`)}
  when 'offer' then ${day(sql`(select min(${offers.createdAt}) from ${offers} where ${offers.userId} = s.user_id and ${offers.status} in (${LIVE}))`)}
  when 'searching' then ${day(sql`greatest(${APPROVED_AT}, (select min(${consideredHomes.createdAt}) from ${consideredHomes} where ${consideredHomes.userId} = s.user_id),
    (select max(${offers.updatedAt}) from ${offers} where ${offers.userId} = s.user_id and ${offers.status} not in (${LIVE})))`)}
end, ${day(APPROVED_AT)})`;

const SEARCH_TEXT = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

/** Every approved application's buyer with their stage, searched. */
function staged(params: PipelineListParams): SQL {
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: users.email, id: applications.id, idKind: 'uuid' });
  return sql`select ${applications.id} as application_id, ${applications.userId} as user_id, ${applications.reviewedAt} as reviewed_at,
    ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.email} as email, ${STAGE} as stage
    from ${applications} join ${users} on ${users.id} = ${applications.userId}
    where ${applications.status} = 'approved'${search ? sql` and ${search}` : sql``}`;
}

interface PipelineRow {
  application_id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  stage: PipelineStage;
  since: string | Date;
  days: number | string;
  offer_id: string | null;
  home_id: string | null;
  address: string | null;
}

const isoDate = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * GET /api/admin/pipeline (docs/product/back-office.md#pipeline): one page of the buyers in one stage,
 * with the day they entered it and the days since (the ledger's calendar), their live offer or home;
 * searched by name, e-mail or application ID, sorted by days in the stage or name.
 */
export async function pipelineBuyers(db: Db, params: PipelineListParams, now = new Date()): Promise<Page<PipelineBuyer>> {
  const today = ledgerToday(now);
  const fromWhere = sql`from (${staged(params)}) s where s.stage = ${params.stage}`;
  const order =
    params.sort === 'name'
      ? orderBy(sql`lower(coalesce(last_name, '') || ' ' || coalesce(first_name, ''))`, params.dir, sql`application_id`)
      : orderBy(sql`since`, params.dir === 'desc' ? 'asc' : 'desc', sql`application_id`);
  const [rows, count] = await Promise.all([
    queryRows<PipelineRow>(
      db,
      sql`select t.*, (${today}::date - t.since) as days from (
        select s.*, ${SINCE} as since,
          (select ${offers.id} from ${offers} where ${offers.userId} = s.user_id and ${offers.status} in (${LIVE}) limit 1) as offer_id,
          (select ${homes.id} from ${homes} where ${homes.userId} = s.user_id order by ${homes.createdAt} limit 1) as home_id,
          coalesce((select ${offers.address} from ${offers} where ${offers.userId} = s.user_id and ${offers.status} in (${LIVE}) limit 1),
            (select ${homes.address} from ${homes} where ${homes.userId} = s.user_id order by ${homes.createdAt} limit 1)) as address
        ${fromWhere}
      ) t ${order} ${pageWindow(params)}`,
    ),
    cappedCount(db, fromWhere, countCapFor(params)),
  ]);
  const items = rows.map((row): PipelineBuyer => ({
    applicationId: row.application_id,
    userId: row.user_id,
    buyerName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.email,
    buyerEmail: row.email,
    stage: row.stage,
    since: isoDate(row.since),
    daysInStage: Number(row.days),
    offerId: row.stage === 'homeowner' ? null : row.offer_id,
    homeId: row.stage === 'homeowner' ? row.home_id : null,
    address: row.address,
  }));
  return toPage(items, params, count);
}
