import { useQuery } from '@tanstack/react-query';
import { adminOffersApi } from '../../../../domain/api/admin-offers';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from '../../../../domain/buying/closing';
import { formatNumber } from '../../../../domain/format';
import { callApi } from '../../../lib/call-api';

/** The pipeline (docs/product/back-office.md#offers): approved buyers by stage, from approval to keys. */
export function Pipeline() {
  const counts = useQuery({
    queryKey: ['admin', 'offers', 'pipeline'],
    queryFn: ({ signal }) => callApi(adminOffersApi.pipeline, {}, { signal }),
  });
  if (!counts.data) return null;
  return (
    <section aria-labelledby="pipeline-title" className="flex flex-col gap-2">
      <h2 id="pipeline-title" className="text-lg font-semibold">
        Pipeline
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {PIPELINE_STAGES.map((stage) => (
          <li key={stage} className="flex flex-col rounded-[var(--radius-control)] border border-border p-3">
            <span className="text-sm text-muted-foreground">{PIPELINE_STAGE_LABELS[stage]}</span>
            <span className="text-2xl font-semibold tabular-nums">{formatNumber(counts.data[stage])}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
