import { formatCents } from '../../../../domain/format';
import { MAX_BANK_CSV_LENGTH, type BankImportResult } from '../../../../domain/homes/bank-csv';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { calendarDate } from '../../../lib/dates';
import { FilePreviewDialog } from './file-preview-dialog';
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

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FilePreviewDialog<BankImportResult>
      open={open}
      onOpenChange={onOpenChange}
      title="Import bank CSV"
      description="A header line with the columns date, amount, reference and home (the home's ID or the homeowner's e-mail), then one line per payment received. References already imported are skipped."
      fileLabel="Bank CSV file"
      accept=".csv,text/csv"
      maxLength={MAX_BANK_CSV_LENGTH}
      sizeHint="about 1,000 payments"
      missingText="Choose a CSV file."
      fieldName="csv"
      preview={usePreviewImport()}
      apply={useImportBankCsv()}
      appliedText={(done) => `Imported ${payments(done.newCount)}`}
      problemsTitle={(count) => `Nothing can be imported until ${count === 1 ? 'this line is' : `these ${count} lines are`} fixed:`}
      numberProblems
      summary={(result, applied) =>
        applied ? (
          <Alert variant="success">
            <p>
              Imported {payments(result.newCount)} ({formatCents(result.newCents)})
              {result.duplicateCount > 0 && `; skipped ${result.duplicateCount} already imported`}.
            </p>
          </Alert>
        ) : (
          <Alert variant="info">
            <p>
              {result.newCount} new {result.newCount === 1 ? 'payment' : 'payments'} ({formatCents(result.newCents)})
              {result.duplicateCount > 0 && `; ${result.duplicateCount} already imported, to be skipped`}.
            </p>
          </Alert>
        )
      }
      table={(result) => <PreviewTable result={result} />}
      applyLabel={(preview, pending) => (pending ? 'Importing...' : preview && preview.newCount > 0 ? `Import ${payments(preview.newCount)}` : 'Import')}
      applyFailure="Failed to import the file"
      staleStatuses={[409, 422]}
    />
  );
}
