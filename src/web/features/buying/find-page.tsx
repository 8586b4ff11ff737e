import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { agentStateName } from '../../../domain/agents';
import { homeAddress, type ConsideredHome, type MyHomes } from '../../../domain/buying/homes';
import { isLiveOffer } from '../../../domain/buying/offers';
import { formatCents, formatDate, formatNumber } from '../../../domain/format';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { myHomesQuery, myOffersQuery, useRemoveHome } from './buying-api';
import { FIND_TEXTS } from './find-texts';
import { HomeFormDialog } from './home-form-dialog';
import { OfferCard } from './offer-card';
import { OfferFormDialog } from './offer-form-dialog';

type Terms = NonNullable<MyHomes['terms']>;

function HomeCard({ home, terms, canOffer }: { home: ConsideredHome; terms: Terms; canOffer: boolean }) {
  const [editing, setEditing] = useState(false);
  const [offering, setOffering] = useState(false);
  const remove = useRemoveHome();
  const { fit } = home;
  const fits = fit.withinPrice && fit.stateServed;
  const details = [
    home.beds !== null && `${home.beds} beds`,
    home.baths !== null && `${home.baths} baths`,
    home.squareFeet !== null && `${formatNumber(home.squareFeet)} sq ft`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card className="flex flex-col gap-3 p-5" role="region" aria-label={homeAddress(home)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{homeAddress(home)}</h3>
          <p className="text-[0.9375rem] text-muted-foreground tabular-nums">
            {formatCents(home.listPriceCents)}
            {details && ` · ${details}`}
          </p>
        </div>
        <Badge variant={fits ? 'default' : 'destructive'}>{fits ? FIND_TEXTS.fits : !fit.withinPrice ? FIND_TEXTS.overBudget : FIND_TEXTS.notServed}</Badge>
      </div>
      {!fit.stateServed && fit.withinPrice === false && (
        <p className="text-sm text-destructive">
          {FIND_TEXTS.notServed} ({agentStateName(home.state)}).
        </p>
      )}
      {fit.monthlyMinCents !== null && fit.monthlyMaxCents !== null && (
        <p className="text-[0.9375rem] tabular-nums">
          Monthly payment: {formatCents(fit.monthlyMinCents)} to {formatCents(fit.monthlyMaxCents)} with {formatCents(terms.downPaymentCents)} down
        </p>
      )}
      {home.notes && <p className="text-[0.9375rem] break-words">{home.notes}</p>}
      {home.listingUrl && (
        <a
          className="inline-flex items-center gap-1 self-start font-semibold text-primary underline-offset-4 hover:underline"
          href={home.listingUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          See the listing <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
      <div className="flex flex-wrap gap-2">
        {canOffer && fits && <Button onClick={() => setOffering(true)}>Make an offer</Button>}
        <Button variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          variant="outline"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(home.id, {
              onSuccess: () => notify.success(FIND_TEXTS.homeRemoved),
              onError: (error) => notify.error('Error', failureText(error, FIND_TEXTS.removeFailed)),
            })
          }
        >
          Remove
        </Button>
      </div>
      {editing && <HomeFormDialog home={home} open={editing} onOpenChange={setEditing} />}
      {offering && <OfferFormDialog home={home} terms={terms} open={offering} onOpenChange={setOffering} />}
    </Card>
  );
}

/**
 * 'Find your home' (docs/product/dashboard.md#homes-youre-considering, #your-offer): the approved
 * buyer's homes with their fit, 'Make an offer', and their offers with each one's timeline.
 */
export default function FindPage() {
  const homes = useQuery(myHomesQuery);
  const offers = useQuery(myOffersQuery);
  const [adding, setAdding] = useState(false);
  if (homes.isPending || offers.isPending) return <Skeleton className="m-6 h-64" />;
  if (homes.isError || offers.isError)
    return <LoadError message="We could not load your homes." onRetry={() => void Promise.all([homes.refetch(), offers.refetch()])} />;
  const { terms } = homes.data;
  const live = offers.data.offers.some((offer) => isLiveOffer(offer.status));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{FIND_TEXTS.title}</h1>
        <p className="text-muted-foreground">{FIND_TEXTS.intro}</p>
        {terms && (
          <p className="text-[0.9375rem]">
            You’re approved up to <strong>{formatCents(terms.maxPriceCents)}</strong> until {formatDate(terms.expiresOn)}.
          </p>
        )}
      </header>
      {!homes.data.approved || !terms ? (
        <p role="status">{FIND_TEXTS.notApproved}</p>
      ) : (
        <>
          {terms.expired && (
            <p role="alert" className="font-medium text-destructive">
              {FIND_TEXTS.expired}
            </p>
          )}
          {offers.data.offers.length > 0 && (
            <section aria-labelledby="offers-title" className="flex flex-col gap-3">
              <h2 id="offers-title" className="text-lg font-semibold">
                Your offer
              </h2>
              {offers.data.offers.map((offer) => (
                <OfferCard key={offer.id} offer={offer} />
              ))}
            </section>
          )}
          <section aria-labelledby="homes-title" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="homes-title" className="text-lg font-semibold">
                Homes you’re considering
              </h2>
              <Button onClick={() => setAdding(true)}>Add a home</Button>
            </div>
            {homes.data.homes.length === 0 && <p>{FIND_TEXTS.empty}</p>}
            {homes.data.homes.map((home) => (
              <HomeCard key={home.id} home={home} terms={terms} canOffer={!live && !terms.expired} />
            ))}
          </section>
          {adding && <HomeFormDialog open={adding} onOpenChange={setAdding} />}
        </>
      )}
    </div>
  );
}
