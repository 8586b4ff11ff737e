import { useId, useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { VERIFY_MAX_BYTES, type VerifyResult } from '../../../domain/signatures/envelopes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { brand } from '../../lib/config';
import { failureText } from '../../lib/form-errors';
import { verifyPdf } from './signatures-api';

/**
 * 'Verify a document' (public; docs/decisions/033-signatures.md): choose a PDF and the server says whether the
 * company sealed it and it is unchanged, with its signers and dates — or that it is not. The file is read and
 * forgotten: nothing uploaded here is kept.
 */
export default function VerifyPage() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<VerifyResult>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    if (!file) return setError('Choose a PDF to verify.');
    if (file.size > VERIFY_MAX_BYTES) return setError('Files must be smaller than 25 MB.');
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return setError('Choose a PDF file: only PDFs can be verified.');
    setError(undefined);
    setBusy(true);
    try {
      setResult(await verifyPdf(file));
    } catch (failure) {
      setError(failureText(failure, 'We could not check this file'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary">Verify a document</h1>
      <p className="mt-3 text-[0.9375rem] text-muted-foreground">
        Check that a signed PDF is one {brand.name} sealed and that it has not changed since. The file is checked and forgotten: nothing you choose here is
        kept.
      </p>
      <Card className="mt-6 p-5 sm:p-8">
        <form noValidate aria-label="Verify a document" className="flex flex-col gap-4" onSubmit={submit}>
          <label htmlFor={inputId} className="text-sm font-medium">
            The signed PDF (25 MB at most)
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-4 file:font-semibold"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(undefined);
              setError(undefined);
            }}
          />
          {error && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="self-start" disabled={busy}>
            Verify
          </Button>
        </form>
      </Card>
      <div aria-live="polite" className="mt-6">
        {result && (
          <Alert variant={result.verdict === 'sealed_unchanged' ? 'success' : 'destructive'}>
            <p className="font-semibold">{result.verdict === 'sealed_unchanged' ? 'Verified' : 'Not verified'}</p>
            <p>{result.message}</p>
            {result.title && <p className="mt-2">{result.title}</p>}
            {result.sealedAt && <p>Sealed {formatDateTime(result.sealedAt)}</p>}
            {result.signers.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {result.signers.map((signer) => (
                  <li key={`${signer.role}-${signer.name}`}>
                    {signer.name} ({signer.role === 'homeowner' ? 'homeowner' : brand.name})
                    {signer.signedAt ? `, signed ${formatDateTime(signer.signedAt)}` : ''}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 font-mono text-xs [overflow-wrap:anywhere]">SHA-256 {result.sha256}</p>
          </Alert>
        )}
      </div>
    </div>
  );
}
