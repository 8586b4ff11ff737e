import { useQuery } from '@tanstack/react-query';
import { ExitQuotesSection } from './home-exit-quotes';
import { HomeSignaturesSection } from '../signatures/home-signatures';
import { useRef, type ComponentType } from 'react';
import { HOME_STATE_LABELS, type HomeDetail } from '../../../../domain/homes/admin-homes';
import type { HomeState } from '../../../../domain/homes/states';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { calendarDate } from '../../../lib/dates';
import { AgreementSection, TermsSection } from './home-agreement';
import { NoticesSection, PaymentChangesSection } from './home-changes-sections';
import { LedgerSection } from '../payments/ledger-panel';
import { homeDetailQuery } from './homes-api';
import { StatementsSection } from './home-statements';
import { ValuationsSection } from './home-valuations';
import { LoadError } from '../../../components/load-error';
import { LedgerWarningAlert } from '../../../components/homes/ledger-warning';

export function HomeStateBadge({ state }: { state: HomeState }) {
  return <Badge variant={state === 'active' ? 'success' : 'outline'}>{HOME_STATE_LABELS[state]}</Badge>;
}

/** The daily ledger check's mark (docs/decisions/029-ledger-checks.md) in the homes list and the home's record. */
export function LedgerBrokenBadge() {
  return <Badge variant="destructive">Ledger does not hold</Badge>;
}

/**
 * The sections of a home's record, in order. Each is its own component taking the home;
 * the ledger, payment changes, 60-day notices and statements are added here
 * as sections of their own, each reading what it needs.
 */
const HOME_SECTIONS: readonly { key: string; Section: ComponentType<{ home: HomeDetail }> }[] = [
  { key: 'agreement', Section: AgreementSection },
  { key: 'terms', Section: TermsSection },
  { key: 'valuations', Section: ValuationsSection },
  { key: 'ledger', Section: LedgerSection },
  { key: 'payment-changes', Section: PaymentChangesSection },
  { key: 'notices', Section: NoticesSection },
  { key: 'exit-quotes', Section: ExitQuotesSection },
  { key: 'signatures', Section: HomeSignaturesSection },
  { key: 'statements', Section: StatementsSection },
];

function LoadingBody() {
  return (
    <div role="status" className="mt-5 flex flex-col gap-4">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** A home's record (`/admin/homes?home=<id>`; docs/product/back-office.md#a-home): the agreement, its terms and its valuations. */
export function HomeDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery(homeDetailQuery(id));
  // Closed, the dialog hands focus back to the row's Open button (it has no Radix trigger).
  const lastId = useRef(id);
  if (id) lastId.current = id;
  const home = detail.data?.id === id ? detail.data : undefined;

  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        onCloseAutoFocus={(event) => {
          const trigger = document.querySelector<HTMLElement>(`[data-home-trigger="${lastId.current}"]`);
          if (!trigger) return;
          event.preventDefault();
          trigger.focus();
        }}
      >
        <DialogTitle>{home ? home.address : detail.isError ? 'Home' : 'Loading home'}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            {home ? (
              <>
                <span>Purchased {calendarDate(home.purchaseDate)}</span>
                <HomeStateBadge state={home.state} />
                {home.ledgerWarning && <LedgerBrokenBadge />}
              </>
            ) : (
              <span>A home and its agreement</span>
            )}
          </div>
        </DialogDescription>
        {home ? (
          <div className="mt-5 flex flex-col gap-4">
            {home.ledgerWarning && <LedgerWarningAlert warning={home.ledgerWarning} audience="staff" />}
            {HOME_SECTIONS.map(({ key, Section }) => (
              <Section key={key} home={home} />
            ))}
          </div>
        ) : detail.isError ? (
          <LoadError
            className="mt-5"
            message={detail.error instanceof ApiError && detail.error.status === 404 ? 'This home could not be found.' : 'The home could not be loaded.'}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <LoadingBody />
        )}
      </DialogContent>
    </Dialog>
  );
}
