import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { HomeSection } from '../homes/home-section';
import { settingsQuery } from '../settings/settings-api';
import { EnvelopeCard } from './envelope-card';
import { homeEnvelopesQuery, useUploadScan } from './signatures-api';

const MAX_BYTES = 25 * 1024 * 1024;

/**
 * A home's signed and waiting documents (docs/decisions/039-addenda-and-envelopes.md), and — with e-signatures off —
 * the upload of the agreement's wet-signed scan (a PDF under 25 MB), stored and hashed like a sealed file.
 */
export function HomeSignaturesSection({ home }: { home: HomeDetail }) {
  const envelopes = useQuery(homeEnvelopesQuery(home.id));
  const settings = useQuery(settingsQuery());
  const eSignOff = settings.data ? !settings.data.featureFlags.eSign : false;
  return (
    <HomeSection title="Signed documents">
      {envelopes.data ? (
        envelopes.data.envelopes.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {envelopes.data.envelopes.map((envelope) => (
              <EnvelopeCard key={envelope.id} envelope={envelope} headingLevel={3} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing signed or sent for signature yet.</p>
        )
      ) : envelopes.isError ? (
        <LoadError layout="inline" message="The documents could not be loaded." onRetry={() => void envelopes.refetch()} />
      ) : (
        <Skeleton className="h-10 w-full" />
      )}
      {eSignOff && <ScanUpload homeId={home.id} />}
    </HomeSection>
  );
}

function ScanUpload({ homeId }: { homeId: string }) {
  const upload = useUploadScan();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError('Choose the PDF of the signed agreement.');
    if (file.size > MAX_BYTES) return setError('Files must be smaller than 25 MB.');
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return setError('Choose a PDF file.');
    setError(undefined);
    upload.mutate(
      { homeId, file },
      {
        onSuccess: () => {
          notify.success('Scan stored', 'The wet-signed agreement is stored with its SHA-256, and the homeowner can download it.');
          if (input.current) input.current.value = '';
        },
        onError: (failure) => setError(failureText(failure, 'Failed to upload the scan')),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-2 border-t border-border pt-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Upload the wet-signed agreement
      </h3>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        E-signatures are off: upload the scan of the agreement signed on paper, a PDF under 25 MB.
      </p>
      <label htmlFor={`${id}-file`} className="text-sm font-medium">
        Signed agreement (PDF)
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-3"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={upload.isPending}>
        <Upload aria-hidden="true" /> {upload.isPending ? 'Uploading…' : 'Upload the scan'}
      </Button>
    </form>
  );
}
