import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_TEXTS, unsubscribeQuerySchema, type NotificationSetting } from '../../../domain/notifications';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { failureText } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { unsubscribeStateQuery, useResubscribe, useUnsubscribe } from './unsubscribe-api';
import { LoadError } from '../../components/load-error';

/**
 * /unsubscribe?token=… — the page every notification and reminder e-mail links to
 * (docs/product/accounts.md#unsubscribe-links). It works without signing in. Opening it
 * changes nothing: only its buttons do.
 */
export default function UnsubscribePage() {
  // A public page: its layout has no server-state provider, so the page brings its own (docs/decisions/005-landing-js-budget.md).
  return (
    <QueryClientProvider client={queryClient}>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 md:py-16">
        <Card className="px-6 py-8 sm:px-8">
          <h1 className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">Unsubscribe from these e-mails</h1>
          <div className="mt-4">
            <UnsubscribeLink />
          </div>
        </Card>
      </div>
    </QueryClientProvider>
  );
}

function UnsubscribeLink() {
  const [params] = useSearchParams();
  const raw = params.get('token') ?? '';
  // A token that cannot be one (missing, cut short at a strange character) is not sent.
  const token = unsubscribeQuerySchema.safeParse({ token: raw }).success ? raw : null;
  if (!token) return <InvalidLink />;
  return <LinkState token={token} />;
}

function LinkState({ token }: { token: string }) {
  const query = useQuery(unsubscribeStateQuery(token));
  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Checking your link…</span>
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-11 w-36" />
      </div>
    );
  }
  if (query.error) {
    // A link we did not make, or one cut short: the server says 404 (400 for a malformed token).
    if (query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500) return <InvalidLink />;
    return <LoadError message="We could not open this link." detail={failureText(query.error, 'Please try again.')} onRetry={() => void query.refetch()} />;
  }
  return <Choice token={token} setting={query.data} />;
}

function InvalidLink() {
  return (
    <>
      <Alert variant="warning">
        <p>{UNSUBSCRIBE_TEXTS.invalid}</p>
      </Alert>
      <AccountLink />
    </>
  );
}

function AccountLink() {
  return (
    <p className="mt-6 border-t border-border pt-6 text-sm text-muted-foreground">
      To choose which other e-mails we send you,{' '}
      <Link to="/account" className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
        go to your account page
      </Link>
      .
    </p>
  );
}

type Outcome = { failed: boolean; text: string };

function Choice({ token, setting }: { token: string; setting: NotificationSetting }) {
  const unsubscribe = useUnsubscribe(token);
  const resubscribe = useResubscribe(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const pending = unsubscribe.isPending || resubscribe.isPending;

  // The button the user pressed goes away or changes: focus moves to what happened, which is also announced.
  const act = async (mutation: typeof unsubscribe) => {
    try {
      const saved = await mutation.mutateAsync();
      setOutcome({ failed: false, text: saved.subscribed ? 'You will get these e-mails again.' : 'You will no longer get these e-mails.' });
    } catch (error) {
      setOutcome({ failed: true, text: failureText(error, 'We could not save that. Please try again.') });
    }
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  return (
    <>
      <p className="text-[0.9375rem]">{setting.subscribed ? `You are getting: ${setting.label}.` : `These e-mails are off: ${setting.label}.`}</p>
      <p
        ref={resultRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={cn('mt-3 text-[0.9375rem] font-medium empty:mt-0 focus:outline-none', outcome?.failed ? 'text-destructive' : 'text-primary')}
      >
        {outcome?.text}
      </p>
      <div className="mt-5">
        {setting.subscribed ? (
          <Button disabled={pending} onClick={() => void act(unsubscribe)}>
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : (
          <Button variant="outline" disabled={pending} onClick={() => void act(resubscribe)}>
            {resubscribe.isPending ? 'Turning it back on...' : 'Turn it back on'}
          </Button>
        )}
      </div>
      <AccountLink />
    </>
  );
}
