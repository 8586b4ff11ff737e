import { ShieldCheck } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { checkQuoteAgainstLedger, type QuoteCheck } from '../../../domain/homes/exit-quote-check';
import type { ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LEDGER_HREF } from './home-api';

/** Largest ledger file read: a ledger of decades is far smaller. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * 'Check this quote in my browser' (docs/decisions/040-exit-quote-completion.md): the ledger is downloaded (or a saved
 * download chosen), verified, and the quote recomputed from it here with the same exitQuote the server used
 * (src/domain/homes/exit-quote-check.ts) — matches to the cent, or the first line that does not.
 */
export function QuoteCheckPanel({ quote }: { quote: ExitQuoteView }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [verdict, setVerdict] = useState<QuoteCheck | null>(null);
  const [checking, setChecking] = useState(false);

  const run = async (read: () => Promise<unknown>) => {
    setChecking(true);
    setVerdict(null);
    try {
      setVerdict(await checkQuoteAgainstLedger(quote, await read()));
    } catch {
      setVerdict({ ok: false, text: 'We could not read your ledger. Try again, or choose the file “Download my ledger” saved.' });
    } finally {
      setChecking(false);
    }
  };
  const fromServer = () =>
    run(async () => {
      const response = await fetch(LEDGER_HREF, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`ledger ${response.status}`);
      return response.json();
    });
  const fromFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setVerdict({ ok: false, text: 'This file is too large to be a ledger from us.' });
    void run(async () => JSON.parse(await file.text()));
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => void fromServer()} disabled={checking}>
          <ShieldCheck aria-hidden="true" /> {checking ? 'Checking…' : 'Check this quote in my browser'}
        </Button>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={checking} aria-describedby={`${id}-hint`}>
          Check against a saved ledger
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Saved ledger file to check this quote against"
          onChange={fromFile}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Your ledger is read in this browser; nothing is sent anywhere.
      </p>
      <div role="status" aria-live="polite">
        {verdict && <Alert variant={verdict.ok ? 'success' : 'destructive'}>{verdict.text}</Alert>}
      </div>
    </div>
  );
}
