import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { queryClient } from '../../lib/query-client';
import type { ApplicationView } from '../../../domain/application';
import { applicationQuery } from './application-api';
import { ApplicationWizard } from './application-wizard';
import { LoadError } from '../../components/load-error';
import { useNavigate, useSearchParams } from 'react-router';
import { WithdrawnNotice } from './withdrawn-notice';

/**
 * /apply — the Home Application (docs/product/application.md#access). The application is
 * loaded once per visit; the wizard keeps its own state from then on and is
 * remounted with fresh data when the application changed elsewhere.
 */
export default function ApplyPage() {
  const query = useQuery(applicationQuery);
  const [generation, setGeneration] = useState(0);
  const [justWithdrawn, setJustWithdrawn] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [reloadOnFirstStep, setReloadOnFirstStep] = useState(false);
  const { refetch } = query;
  // Withdrawn: what comes next is a fresh draft from its first step, under the notice that says so.
  const onWithdrawn = useCallback(() => {
    setJustWithdrawn(true);
    setReloadOnFirstStep(true);
    void navigate('/apply', { replace: true });
  }, [navigate]);
  // The fresh draft's wizard mounts only once the address is on the first step: mounted on the old step, the move to
  // the first would count as the buyer's own step change, which saves (and so creates) a draft nobody started.
  useEffect(() => {
    if (!reloadOnFirstStep || params.has('step')) return;
    setReloadOnFirstStep(false);
    void refetch().then(() => setGeneration((g) => g + 1));
  }, [reloadOnFirstStep, params, refetch]);
  const onStale = useCallback(
    (view?: ApplicationView) => {
      if (view) {
        queryClient.setQueryData(applicationQuery.queryKey, view);
        setGeneration((g) => g + 1);
      } else {
        void refetch().then(() => setGeneration((g) => g + 1));
      }
    },
    [refetch],
  );

  return (
    <div className="mx-auto w-full max-w-[640px] px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Home Application</h1>
      <p className="mt-2 mb-8 text-[0.9375rem] text-muted-foreground">
        Six short steps. Your answers are saved as you go, so you can stop and come back on any device.
      </p>
      {query.isPending && (
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Loading your application…</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      {query.error && !query.data && <LoadError message="We could not load your application." detail={query.error.message} onRetry={() => void refetch()} />}
      {query.data?.withdrawn && !query.data.id && <WithdrawnNotice withdrawn={query.data.withdrawn} focus={justWithdrawn} />}
      {query.data && <ApplicationWizard key={generation} initial={query.data} onStale={onStale} onWithdrawn={onWithdrawn} />}
    </div>
  );
}
