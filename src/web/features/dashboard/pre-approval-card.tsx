import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Circle, Download } from 'lucide-react';
import { Link } from 'react-router';
import type { MeStatus } from '../../../domain/account';
import { preApprovalApi } from '../../../domain/api/pre-approval';
import { approvedUpTo, monthlyRangeText, PRE_APPROVAL_NEXT_STEPS, preApprovalLetterFileName } from '../../../domain/application/pre-approval';
import { isLiveOffer, OFFER_STATUS_LABELS } from '../../../domain/buying/offers';
import { formatCents, formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { hrefOf } from '../../lib/call-api';
import { myOffersQuery } from '../../lib/my-offers';

/** 'Find your home' (docs/product/dashboard.md#homes-youre-considering). */
const FIND_PATH = '/dashboard/find';
/** The steps that are done on 'Find your home': the second (find homes) and the fourth (make an offer). */
const FIND_STEPS: readonly string[] = [PRE_APPROVAL_NEXT_STEPS[1], PRE_APPROVAL_NEXT_STEPS[3]];

/** The live offer's address and state, once the buyer has made one. */
function LiveOffer() {
  const offers = useQuery(myOffersQuery);
  const live = offers.data?.offers.find((offer) => isLiveOffer(offer.status));
  if (!live) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-[0.9375rem]">
      <span>
        Your offer on <span className="font-semibold">{live.address}</span>:
      </span>
      <Badge variant="outline">{OFFER_STATUS_LABELS[live.status]}</Badge>
    </p>
  );
}

/**
 * The approved buyer's pre-approval (docs/product/dashboard.md#pre-approval): how much and until when,
 * the monthly range, the letter to download and the next steps as a checklist; finding homes and
 * making an offer link to 'Find your home', and the live offer's state shows here.
 */
export function PreApprovalSummary({ preApproval: p }: { preApproval: NonNullable<MeStatus['preApproval']> }) {
  const [letterStep, ...laterSteps] = PRE_APPROVAL_NEXT_STEPS;
  if (p.expired) {
    return (
      <div className="flex flex-col gap-1 rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft p-4 text-[0.9375rem]">
        <p className="font-semibold">Your pre-approval expired on {formatDate(p.expiresOn)}</p>
        <p>It was for a home up to {formatCents(p.maxPriceCents)}. Still looking? Send us a message and we will review it with you and renew it.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-primary/20 bg-primary-soft/40 p-4">
      <div>
        <p className="text-lg font-semibold text-foreground">{approvedUpTo(p)}</p>
        <p className="mt-1 text-[0.9375rem] text-muted-foreground">
          Your monthly payment range is {monthlyRangeText(p)}, with a down payment of {formatCents(p.downPaymentCents)}.
        </p>
      </div>
      <div>
        <h3 className="text-[0.9375rem] font-semibold">Your next steps</h3>
        <ol className="mt-2 flex flex-col gap-2 text-[0.9375rem]">
          <li className="flex items-start gap-2">
            <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="flex flex-col gap-2">
              {letterStep}
              <Button asChild variant="accent" size="sm" className="self-start">
                <a href={hrefOf(preApprovalApi.letter, { params: { id: p.id } })} download={preApprovalLetterFileName(p.issuedOn)}>
                  <Download aria-hidden="true" /> Download your letter
                </a>
              </Button>
            </span>
          </li>
          {laterSteps.map((step) => (
            <li key={step} className="flex items-start gap-2 text-muted-foreground">
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {FIND_STEPS.includes(step) ? (
                <Link to={FIND_PATH} className="font-medium text-primary underline underline-offset-2">
                  {step}
                </Link>
              ) : (
                <span>{step}</span>
              )}
            </li>
          ))}
        </ol>
      </div>
      <LiveOffer />
      <Button asChild className="self-start">
        <Link to={FIND_PATH}>
          Find your home <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
