import { sql } from 'drizzle-orm';
import { PIPELINE_STAGES, type Pipeline, type PipelineStage } from '../../../domain/buying/closing';
import { LIVE_OFFER_STATUSES } from '../../../domain/buying/offers';
import { queryRows, type Db } from '../../platform/db/client';
import { applications, closingMilestones, consideredHomes, homes, offers } from '../../platform/db/schema';

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
