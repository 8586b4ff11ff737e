import { Copy, Download } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { brand } from '../../lib/config';
import { notify } from '../../lib/toast';

/** The 10 backup codes, shown once right after enrolment, with copy and download. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = [
    `${brand.name} backup codes`,
    'Each code signs you in once if you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success('Backup codes copied');
    } catch {
      notify.error('Error', 'Copying is not allowed here. Download the codes instead.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${brand.slug}-backup-codes.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="flex flex-col gap-5">
      <Alert variant="warning" role="status">
        <p className="font-semibold">Save your backup codes now</p>
        <p className="mt-1">If you lose your phone, each code signs you in once. We will not show them again.</p>
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-1 gap-2 rounded-[var(--radius-control)] border border-border bg-muted/50 p-4 font-mono text-[0.9375rem] min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tabular">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy Codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" /> Download
        </Button>
        <Button onClick={onDone}>I Have Saved My Codes</Button>
      </div>
    </div>
  );
}
