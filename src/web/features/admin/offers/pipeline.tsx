import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminOffersApi } from '../../../../domain/api/admin-offers';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '../../../../domain/buying/closing';
import { formatNumber } from '../../../../domain/format';
import { callApi } from '../../../lib/call-api';
import { cn } from '../../../lib/cn';

/**
 * The pipeline (docs/product/back-office.md#pipeline): approved buyers by stage, from approval to keys.
 * Each stage links to the people in it on /admin/pipeline; there, `selected` marks the stage shown.
 */
export function Pipeline({
  selected,
  linkFor = (stage) => `/admin/pipeline?stage=${stage}`,
}: {
  selected?: PipelineStage;
  /** Where a stage leads; the pipeline page keeps its search. */
  linkFor?: (stage: PipelineStage) => string;
}) {
  const counts = useQuery({
    queryKey: ['admin', 'offers', 'pipeline'],
    queryFn: ({ signal }) => callApi(adminOffersApi.pipeline, {}, { signal }),
  });
  if (!counts.data) return null;
  return (
    <nav aria-labelledby="pipeline-title" className="flex flex-col gap-2">
      <h2 id="pipeline-title" className="text-lg font-semibold">
        Pipeline
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {PIPELINE_STAGES.map((stage) => (
          <li key={stage}>
            <Link
              to={linkFor(stage)}
              aria-current={selected === stage ? 'page' : undefined}
              aria-label={`${PIPELINE_STAGE_LABELS[stage]}: ${formatNumber(counts.data[stage])} ${counts.data[stage] === 1 ? 'buyer' : 'buyers'}`}
              className={cn(
                'flex flex-col rounded-[var(--radius-control)] border border-border p-3 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected === stage && 'border-primary bg-muted/60',
              )}
            >
              <span className="text-sm text-muted-foreground">{PIPELINE_STAGE_LABELS[stage]}</span>
              <span className="text-2xl font-semibold tabular-nums">{formatNumber(counts.data[stage])}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
