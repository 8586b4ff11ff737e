import { useQuery } from '@tanstack/react-query';
import { Home } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { applicantName, type AdminApplicationDetail } from '../../../../domain/admin/applications';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { purchaseStartQuery } from './homes-api';
import { PurchaseDialog } from './purchase-dialog';

/**
 * The review dialog's 'Home purchase' (docs/product/back-office.md#record-purchase): an approved application offers
 * 'Record purchase'; once recorded, a link to the home. Nothing for other statuses.
 */
export function PurchasePanel({ detail }: { detail: AdminApplicationDetail }) {
  const start = useQuery(purchaseStartQuery(detail.id));
  const [recording, setRecording] = useState(false);
  const buyer = applicantName(detail.personal);

  if (start.isPending) return detail.status === 'approved' ? <Skeleton className="h-16 w-full" /> : null;
  if (start.isError || (!start.data.homeId && !start.data.canRecord)) return null;
  const { homeId, defaults } = start.data;
  return (
    <section aria-labelledby={`purchase-${detail.id}`} className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-border p-4 text-sm">
      <h3 id={`purchase-${detail.id}`} className="font-semibold text-foreground">
        Home purchase
      </h3>
      {homeId ? (
        <p className="text-foreground">
          The purchase is recorded: {buyer} is a homeowner.{' '}
          <Link to={`/admin/homes?home=${homeId}`} className="font-semibold text-primary underline underline-offset-2">
            Open the home
          </Link>
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">Approved. When the home is bought, record the purchase: the agreement, and the monthly payment {buyer} chose.</p>
          {defaults.offerId && (
            <p className="text-foreground">
              From {buyer}’s accepted offer on {defaults.address}.
            </p>
          )}
          <div>
            <Button size="sm" onClick={() => setRecording(true)}>
              <Home aria-hidden="true" />
              Record purchase
            </Button>
          </div>
          {recording && <PurchaseDialog applicationId={detail.id} buyer={buyer} start={defaults} open={recording} onOpenChange={setRecording} />}
        </>
      )}
    </section>
  );
}
