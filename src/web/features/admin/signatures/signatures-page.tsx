import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { AdminPageHeader } from '../components/admin-page-header';
import { EnvelopeCard } from './envelope-card';
import { waitingEnvelopesQuery } from './signatures-api';

/** /admin/signatures: every envelope waiting for a signature, oldest first (docs/decisions/039-addenda-and-envelopes.md). */
export default function SignaturesPage() {
  const waiting = useQuery(waitingEnvelopesQuery());
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Signatures"
        description="Documents waiting for a signature: whose turn it is and since when. Countersign, send again, or void with a reason."
      />
      {waiting.isError ? (
        <LoadError message="Failed to load the envelopes" onRetry={() => void waiting.refetch()} retrying={waiting.isRefetching} />
      ) : !waiting.data ? (
        <Skeleton className="h-40 w-full" />
      ) : waiting.data.envelopes.length === 0 ? (
        <p className="text-muted-foreground">Nothing is waiting for a signature.</p>
      ) : (
        <ul aria-label="Envelopes waiting" className="flex flex-col gap-3">
          {waiting.data.envelopes.map((envelope) => (
            <EnvelopeCard key={envelope.id} envelope={envelope} />
          ))}
        </ul>
      )}
    </div>
  );
}
