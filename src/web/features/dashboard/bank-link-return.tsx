import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { isApiError, serverMessageOr } from '../../lib/form-errors';
import { useCancelBankLink, useCompleteBankLink } from './payments-api';

/** Session ids this page has already sent back: a re-render (or React's double effect) does not send one twice. */
const handledReturns = new Set<string>();

type LinkMessage = { variant: 'success' | 'info' | 'destructive'; text: string };

/**
 * Back from the processor's page (docs/decisions/046-instant-bank-verification.md): `?bank_link=done&session_id=…`
 * finishes the link (read at the processor by the server), `?bank_link=cancelled&link=…` cancels it. The query is then
 * taken off the address, so a reload or the back button does not send it again.
 */
export function useBankLinkReturn(): LinkMessage | null {
  const [search, setSearch] = useSearchParams();
  const complete = useCompleteBankLink();
  const cancel = useCancelBankLink();
  const [message, setMessage] = useState<LinkMessage | null>(null);
  const outcome = search.get('bank_link');
  const sessionId = search.get('session_id');
  const linkId = search.get('link');
  useEffect(() => {
    if (outcome !== 'done' && outcome !== 'cancelled') return;
    const key = `${outcome}:${sessionId ?? linkId ?? ''}`;
    const clean = () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const name of ['bank_link', 'session_id', 'link']) next.delete(name);
          return next;
        },
        { replace: true },
      );
    if (handledReturns.has(key)) return clean();
    handledReturns.add(key);
    if (outcome === 'done' && sessionId) {
      complete.mutate(
        { sessionId },
        {
          onSuccess: (account) =>
            setMessage({
              variant: 'success',
              text: `Bank account linked and verified: ${account.accountMasked}. You can pay from it now and turn autopay on.`,
            }),
          onError: (error) =>
            setMessage(
              isApiError(error, 'bank_link_used')
                ? { variant: 'info', text: serverMessageOr(error, 'This bank link was already used.') }
                : { variant: 'destructive', text: serverMessageOr(error, 'We could not link your bank. Nothing was stored: please try again.') },
            ),
        },
      );
    } else if (outcome === 'cancelled' && linkId) {
      setMessage({
        variant: 'info',
        text: 'You came back without linking a bank account, so nothing was stored. You can try again or enter the numbers instead.',
      });
      cancel.mutate({ linkId });
    } else {
      setMessage({ variant: 'destructive', text: 'This bank link is not complete: nothing was stored. Please try again.' });
    }
    clean();
    // Once per return: the mutations and setSearch are stable enough, and a second run is refused by handledReturns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome, sessionId, linkId]);
  return message;
}

export function LinkResult({ message }: { message: LinkMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  // Announced and focused: the page was just reloaded from the processor's, so the result is what to read first.
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role={message.variant === 'destructive' ? 'alert' : 'status'}
      variant={message.variant}
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {message.text}
    </Alert>
  );
}
