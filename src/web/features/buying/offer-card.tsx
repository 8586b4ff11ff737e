import { OFFER_STATUS_BADGES, OFFER_STATUS_LABELS, offerEventText, offerTime, WITHDRAWABLE, isLiveOffer, type Offer } from '../../../domain/buying/offers';
import { formatCents, formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useAnswerCounter, useWithdrawOffer } from './buying-api';
import { ClosingList } from './closing-list';
import { FIND_TEXTS } from './find-texts';

/** One offer (docs/product/dashboard.md#your-offer): its figures, what the buyer can do now, and its timeline. */
export function OfferCard({ offer }: { offer: Offer }) {
  const withdraw = useWithdrawOffer();
  const answer = useAnswerCounter();
  const busy = withdraw.isPending || answer.isPending;
  const onAnswer = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: offer.id, answer: choice },
      { onSuccess: () => notify.success(FIND_TEXTS.answered), onError: (error) => notify.error('Error', failureText(error, FIND_TEXTS.actionFailed)) },
    );
  const onWithdraw = () =>
    withdraw.mutate(offer.id, {
      onSuccess: () => notify.success(FIND_TEXTS.withdrawn),
      onError: (error) => notify.error('Error', failureText(error, FIND_TEXTS.actionFailed)),
    });
  return (
    <Card className="flex flex-col gap-4 p-6" role="region" aria-label={`Offer on ${offer.address}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{offer.address}</h3>
        <Badge variant={OFFER_STATUS_BADGES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-[0.9375rem] tabular-nums sm:grid-cols-4">
        <dt className="text-muted-foreground">Offer price</dt>
        <dd>{formatCents(offer.offerPriceCents)}</dd>
        <dt className="text-muted-foreground">Down payment</dt>
        <dd>{formatCents(offer.downPaymentCents)}</dd>
        <dt className="text-muted-foreground">Monthly payment</dt>
        <dd>{formatCents(offer.monthlyPaymentCents)}</dd>
        <dt className="text-muted-foreground">Move-in</dt>
        <dd>{offer.moveInDate}</dd>
      </dl>
      {offer.status === 'countered' && offer.counterPriceCents !== null && offer.counterAnswerBy && (
        <div className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border bg-muted/30 p-4">
          <p className="text-[0.9375rem]">
            The seller countered at <strong>{formatCents(offer.counterPriceCents)}</strong>. Answer by {offerTime(offer.counterAnswerBy)}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => onAnswer('accept')}>
              Accept counter-offer
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => onAnswer('decline')}>
              Decline counter-offer
            </Button>
          </div>
        </div>
      )}
      {isLiveOffer(offer.status) && WITHDRAWABLE.includes(offer.status) && (
        <Button variant="outline" className="self-start" disabled={busy} onClick={onWithdraw}>
          Withdraw offer
        </Button>
      )}
      {offer.closing && <ClosingList offerId={offer.id} closing={offer.closing} />}
      <section aria-label={FIND_TEXTS.timeline}>
        <h4 className="mb-2 text-sm font-semibold">{FIND_TEXTS.timeline}</h4>
        <ol className="flex flex-col gap-2 border-l border-border pl-4">
          {offer.events.map((event, index) => (
            <li key={index} className="text-[0.9375rem]">
              <span className="block text-xs text-muted-foreground">{formatDate(event.at)}</span>
              {offerEventText(event)}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
