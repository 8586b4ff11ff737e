import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents, formatDate } from '../../../domain/format';
import { EXIT_WAY_LABELS } from '../../../domain/homes/exit-quotes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/load-error';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { exitOptionsQuery, useRequestQuote } from './exit-api';
import { quotePath, WAYS_OUT_HASH } from './exit-paths';

const STATE_TEXT = {
  valuing: 'Valuing your home',
  signing: 'Waiting for your signature',
  issued: 'Issued',
  disputed: 'Disputed',
  superseded: 'Replaced',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  completed: 'Completed',
} as const;

/**
 * 'What would I get?' on the home page (docs/decisions/034-exit-quotes.md): the three ways out with
 * exitQuote's figure at the latest valuation, an 'estimate' badge when it is older than 90 days, and
 * 'Get a quote' for each; the homeowner's quotes below.
 */
export function WaysOutSection() {
  const id = useId();
  const options = useQuery(exitOptionsQuery);
  const request = useRequestQuote();
  const navigate = useNavigate();

  const ask = async (kind: keyof typeof EXIT_WAY_LABELS) => {
    try {
      const quote = await request.mutateAsync(kind);
      void navigate(quotePath(quote.id));
    } catch (failure) {
      notify.error('We could not make your quote', failureText(failure, 'Failed to ask for a quote'));
    }
  };

  return (
    <section id={WAYS_OUT_HASH} aria-labelledby={id} className="flex scroll-mt-24 flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        What would I get?
      </h2>
      {options.data ? (
        <>
          <p className="text-[0.9375rem] text-muted-foreground">
            {options.data.valuation
              ? `At the latest valuation, ${formatCents(options.data.valuation.valueCents)} (${options.data.valuation.sourceLabel}, ${formatDate(options.data.valuation.valuedOn)}), with your ledger today.`
              : 'At the purchase price (no valuation recorded yet), with your ledger today.'}{' '}
            {options.data.estimate && 'That valuation is older than 90 days, so these are estimates: a quote needs a recent valuation, which we record first.'}
          </p>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {options.data.ways.map((way) => (
              <li key={way.kind}>
                <Card className="flex h-full flex-col gap-2 p-5">
                  <h3 className="text-base font-semibold">{EXIT_WAY_LABELS[way.kind]}</h3>
                  <p className="text-sm text-muted-foreground">{way.kind === 'buy_out' ? 'You would pay' : 'You would receive'}</p>
                  <p className="text-2xl font-bold tracking-tight tabular" data-testid={`way-${way.kind}`}>
                    {formatCents(way.kind !== 'buy_out' && way.totalCents < 0 ? 0 : way.totalCents)}
                  </p>
                  {options.data.estimate && (
                    <Badge variant="warning" className="self-start">
                      Estimate
                    </Badge>
                  )}
                  {!options.data.closed && (
                    <Button
                      variant="outline"
                      className="mt-auto self-start"
                      disabled={request.isPending}
                      aria-label={`Get a quote: ${EXIT_WAY_LABELS[way.kind]}`}
                      onClick={() => void ask(way.kind)}
                    >
                      Get a quote
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          {options.data.quotes.length > 0 && (
            <>
              <h3 className="mt-2 text-lg font-semibold">Your quotes</h3>
              <ul className="divide-y divide-border rounded-[var(--radius-control)] border border-border bg-card">
                {options.data.quotes.map((quote) => (
                  <li key={quote.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
                    <span className="text-[0.9375rem]">
                      {EXIT_WAY_LABELS[quote.kind]} — {quote.expired ? 'Expired' : STATE_TEXT[quote.state]}
                      {quote.quotedOn ? `, ${formatDate(quote.quotedOn)}` : quote.expectedBy ? `, expect it by ${formatDate(quote.expectedBy)}` : ''}
                    </span>
                    <Link
                      className="rounded font-semibold text-primary underline-offset-4 hover:underline"
                      to={quotePath(quote.id)}
                      aria-label={`Open the quote: ${EXIT_WAY_LABELS[quote.kind]}`}
                    >
                      Open
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : options.error ? (
        <LoadError layout="inline" message="We could not load your ways out." onRetry={() => void options.refetch()} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </section>
  );
}
