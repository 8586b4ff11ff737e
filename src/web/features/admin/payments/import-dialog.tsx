import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatNumber } from '../../../../domain/format';
import { MAX_BANK_CSV_LENGTH, type BankImportResult } from '../../../../domain/homes/bank-csv';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { calendarDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useImportBankCsv, usePreviewImport } from './payments-api';

/**
 * 'Import bank CSV' (docs/product/back-office.md#payments): choose the bank's file, Preview
 * (each line matched to its home, the references already imported marked, the bad lines by
 * number), then Import (one transaction; nothing of a file with a bad line).
 */

function PreviewTable({ result }: { result: BankImportResult }) {
  if (result.rows.length === 0) return null;
  return (
    <div className="relative max-h-72 overflow-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">The file's payments, matched to their homes</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Line
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Received
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Home
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Reference
            </th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.line} className="border-t border-border align-top" data-testid="import-row">
              <td className="py-1.5 pr-3 tabular">{row.line}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{calendarDate(row.receivedOn)}</td>
              <td className="py-1.5 pr-3">
                <span className="block">{row.address}</span>
                <span className="block text-muted-foreground">{row.homeownerName}</span>
              </td>
              <td className="py-1.5 pr-3 text-right tabular">{formatCents(row.amountCents)}</td>
              <td className="py-1.5">
                <span className="block font-mono text-xs break-all">{row.reference}</span>
                {row.status === 'duplicate' && <Badge variant="warning">Already imported</Badge>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<BankImportResult | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewImport();
  const importCsv = useImportBankCsv();
  const summaryId = useId();
  const result = done ?? preview.data;

  const reset = () => {
    setCsv(null);
    setFileError(undefined);
    setDone(null);
    preview.reset();
    importCsv.reset();
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };

  const choose = async (file: File | undefined) => {
    setDone(null);
    preview.reset();
    setFileError(undefined);
    setCsv(null);
    if (!file) return;
    const text = await file.text();
    if (text.length > MAX_BANK_CSV_LENGTH) {
      setFileError(`The file is too large: at most ${formatNumber(MAX_BANK_CSV_LENGTH)} characters (about 1,000 payments). Split it.`);
      return;
    }
    if (!text.trim()) {
      setFileError('The file is empty.');
      return;
    }
    setCsv(text);
  };

  const runPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (!csv) {
      setFileError(fileError ?? 'Choose a CSV file.');
      inputRef.current?.focus();
      return;
    }
    try {
      await preview.mutateAsync(csv);
    } catch (error) {
      if (error instanceof ApiError && error.fields?.csv) setFileError(error.fields.csv);
      else notify.error('Error', failureText(error, 'Failed to read the file'));
    }
  };

  const runImport = async () => {
    if (!csv) return;
    try {
      const imported = await importCsv.mutateAsync(csv);
      setDone(imported);
      notify.success(`Imported ${imported.newCount} ${imported.newCount === 1 ? 'payment' : 'payments'}`);
    } catch (error) {
      // Something changed since the preview: show the file as it reads now.
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) await preview.mutateAsync(csv).catch(() => undefined);
      notify.error('Error', failureText(error, 'Failed to import the file'));
    }
  };

  const canImport = Boolean(csv && preview.data && !done && preview.data.problems.length === 0 && preview.data.newCount > 0);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Import bank CSV</DialogTitle>
        <DialogDescription>
          A header line with the columns date, amount, reference and home (the home's ID or the homeowner's e-mail), then one line per payment received.
          References already imported are skipped.
        </DialogDescription>
        <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(e) => void runPreview(e)}>
          <Field label="Bank CSV file" required error={fileError}>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              className="block w-full text-sm file:mr-3 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-3 file:py-2 file:text-sm"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={preview.isPending}>
              {preview.isPending ? 'Reading...' : 'Preview'}
            </Button>
          </div>
        </form>
        {result && (
          <div className="mt-4 flex flex-col gap-3" aria-live="polite" id={summaryId}>
            {result.problems.length > 0 ? (
              <Alert variant="destructive">
                <p className="font-semibold">
                  Nothing can be imported until {result.problems.length === 1 ? 'this line is' : `these ${result.problems.length} lines are`} fixed:
                </p>
                <ul className="mt-2 list-disc pl-5">
                  {result.problems.map((problem) => (
                    <li key={problem.line}>
                      Line {problem.line}: {problem.message}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : done ? (
              <Alert variant="success">
                <p>
                  Imported {done.newCount} {done.newCount === 1 ? 'payment' : 'payments'} ({formatCents(done.newCents)})
                  {done.duplicateCount > 0 && `; skipped ${done.duplicateCount} already imported`}.
                </p>
              </Alert>
            ) : (
              <Alert variant="info">
                <p>
                  {result.newCount} new {result.newCount === 1 ? 'payment' : 'payments'} ({formatCents(result.newCents)})
                  {result.duplicateCount > 0 && `; ${result.duplicateCount} already imported, to be skipped`}.
                </p>
              </Alert>
            )}
            <PreviewTable result={result} />
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            {done ? 'Done' : 'Cancel'}
          </Button>
          {!done && (
            <Button type="button" disabled={!canImport || importCsv.isPending} onClick={() => void runImport()}>
              <Upload aria-hidden="true" />
              {importCsv.isPending
                ? 'Importing...'
                : preview.data && preview.data.newCount > 0
                  ? `Import ${preview.data.newCount} ${preview.data.newCount === 1 ? 'payment' : 'payments'}`
                  : 'Import'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
