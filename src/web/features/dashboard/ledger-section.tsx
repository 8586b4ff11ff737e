import { Download, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { chainVerdictText, verifyLedgerFile } from '../../../domain/ledger';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LEDGER_HREF } from './home-api';

type Verdict = { ok: boolean; text: string } | null;

/** Largest file read: a ledger of decades is far smaller. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What a chosen file says: intact with its entries, the broken entry, or why it is not a ledger. */
async function verdictOf(file: File): Promise<{ ok: boolean; text: string }> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, text: 'This file is too large to be a ledger from us.' };
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return { ok: false, text: 'This file is not a ledger: it is not JSON. Choose the file “Download my ledger” saved.' };
  }
  const verdict = await verifyLedgerFile(data);
  if (!verdict.ok && 'reason' in verdict && verdict.reason === 'format')
    return { ok: false, text: `This file is not a ledger as we send it (${verdict.message}).` };
  return { ok: verdict.ok, text: chainVerdictText(verdict as Parameters<typeof chainVerdictText>[0]) };
}

/**
 * 'Download my ledger' and 'Verify my ledger' (docs/product/dashboard.md#what-comes-with-a-home,
 * #home-page): the whole ledger with its hashes as a
 * JSON file, and a check of such a file in this browser with the same code the server
 * uses (verifyLedgerFile): 'The ledger is intact (N entries).' or the first broken entry.
 * Nothing is sent anywhere: the file is read here.
 */
export function LedgerSection() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [verdict, setVerdict] = useState<Verdict>(null);
  const [checking, setChecking] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setChecking(true);
    setVerdict(null);
    try {
      setVerdict(await verdictOf(file));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Your ledger
      </h2>
      <p className="text-[0.9375rem] text-muted-foreground">
        Every charge and payment of your home is an entry of a ledger that is never edited. Each entry carries the hash of the one before it, so any change
        shows. Download it and check it here, or with any SHA-256 tool.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <a href={LEDGER_HREF} download>
            <Download aria-hidden="true" /> Download my ledger
          </a>
        </Button>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={checking} aria-describedby={`${id}-hint`}>
          <ShieldCheck aria-hidden="true" /> {checking ? 'Checking…' : 'Verify my ledger'}
        </Button>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Ledger file to verify"
          onChange={(event) => void onFile(event)}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Verify my ledger asks for the file you downloaded and checks every entry’s hash in this browser.
      </p>
      <div role="status" aria-live="polite">
        {verdict && <Alert variant={verdict.ok ? 'success' : 'destructive'}>{verdict.text}</Alert>}
      </div>
    </section>
  );
}
