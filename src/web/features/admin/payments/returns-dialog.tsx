import { formatCents } from '../../../../domain/format';
import { MAX_NACHA_FILE_LENGTH, type NachaReturnResult } from '../../../../domain/homes/nacha-returns';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { FilePreviewDialog } from './file-preview-dialog';
import { useApplyNachaReturns, usePreviewNachaReturns } from './payments-api';

/**
 * 'Bank returns (NACHA)' on /admin/payments (docs/decisions/031-late-fees-and-nacha.md): choose the bank's return
 * file, Preview (each return with its code in words, matched to the payment it returns, or unknown; bad records by
 * line), then Apply (each returned payment reversed naming its code; nothing of a file with a bad record).
 */

const STATUS_BADGE = {
  new: null,
  done: <Badge variant="success">Already applied</Badge>,
  unknown: <Badge variant="warning">No payment with this trace</Badge>,
} as const;

function ReturnsTable({ result }: { result: NachaReturnResult }) {
  if (result.rows.length === 0) return null;
  return (
    <div className="relative max-h-72 overflow-auto" tabIndex={0} role="region" aria-label="Returns in the file">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">The file's returns, matched to the payments they return</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Line
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Return
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Home
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.line} className="border-t border-border align-top" data-testid="return-row">
              <td className="py-1.5 pr-3 tabular">{row.line}</td>
              <td className="py-1.5 pr-3">
                <span className="block font-semibold">{row.returnCode}</span>
                <span className="block">{row.reason}</span>
                <span className="block font-mono text-xs break-all text-muted-foreground">Trace {row.originalTrace}</span>
              </td>
              <td className="py-1.5 pr-3">
                <span className="block">{row.address ?? '—'}</span>
                {STATUS_BADGE[row.status]}
              </td>
              <td className="py-1.5 text-right tabular">{formatCents(row.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const returns = (count: number) => `${count} ${count === 1 ? 'return' : 'returns'}`;

export function ReturnsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FilePreviewDialog<NachaReturnResult>
      open={open}
      onOpenChange={onOpenChange}
      title="Bank returns (NACHA)"
      description="The bank's NACHA return file. Each returned debit reverses the payment it posted, naming the return code, and the months it paid are open again."
      fileLabel="NACHA return file"
      accept=".ach,.txt,.nacha,text/plain"
      maxLength={MAX_NACHA_FILE_LENGTH}
      missingText="Choose the bank’s return file."
      fieldName="file"
      preview={usePreviewNachaReturns()}
      apply={useApplyNachaReturns()}
      appliedText={(done) => `Applied ${returns(done.newCount)}`}
      problemsTitle={() => 'Nothing can be applied until these records are fixed:'}
      summary={(result, applied) => (
        <Alert variant={applied ? 'success' : 'info'}>
          <p>
            {applied ? 'Applied' : 'To apply:'} {returns(result.newCount)}
            {result.unknownCount > 0 && `; ${result.unknownCount} for no payment we sent, kept for review and not applied`}.
          </p>
        </Alert>
      )}
      table={(result) => <ReturnsTable result={result} />}
      applyLabel={(_preview, pending) => (pending ? 'Applying...' : 'Apply returns')}
      applyFailure="Failed to apply the file"
      staleStatuses={[422]}
    />
  );
}
