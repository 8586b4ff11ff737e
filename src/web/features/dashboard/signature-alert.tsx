import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import { signaturesApi } from '../../../domain/api/signatures';
import { ENVELOPE_STATUS_LABELS, type EnvelopeKind, type EnvelopeSummary } from '../../../domain/signatures/envelopes';
import { Alert } from '../../components/ui/alert';
import { formatDate } from '../../../domain/format';
import { callApi, hrefOf } from '../../lib/call-api';

const myEnvelopesQuery = queryOptions({
  queryKey: ['envelopes'] as const,
  queryFn: ({ signal }) => callApi(signaturesApi.mine, {}, { signal }),
});

/** What waits for the homeowner's signature, by kind (docs/decisions/039-addenda-and-envelopes.md). */
const WAITING_FOR_YOU: Record<EnvelopeKind, string> = {
  agreement: 'Your agreement is ready for your signature. Your own figures and your first charge start once you and we have signed it.',
  payment_change: 'We approved your new monthly payment: sign the addendum to your agreement, and the new payment applies once we have countersigned it.',
  notice: 'Your 60-day notice is ready for your signature: we act on it once you have signed it.',
  letter: 'Your letter of intent is ready for your signature.',
  exit_quote: 'Your acceptance of your exit quote is ready for your signature: the quote is accepted, and your 60-day notice starts, once you have signed it.',
};

/** The home page's signed documents: each sealed PDF or wet-signed scan to download, and those withdrawn or declined (docs/decisions/033-signatures.md). */
export function SignedDocuments() {
  const envelopes = useQuery(myEnvelopesQuery);
  const shown = envelopes.data?.envelopes.filter((e) => e.status !== 'sent' && e.status !== 'expired') ?? [];
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="signed-documents" className="flex flex-col gap-3">
      <h2 id="signed-documents" className="text-xl font-semibold">
        Signed documents
      </h2>
      <ul className="flex flex-col gap-2">
        {shown.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[0.9375rem]">
            {e.status === 'completed' ? (
              <>
                <a className="font-semibold text-primary underline underline-offset-4" href={hrefOf(signaturesApi.file, { params: { id: e.id } })} download>
                  {e.title} ({e.method === 'wet' ? 'signed on paper' : 'sealed PDF'})
                </a>
                {e.completedAt && <span className="text-sm text-muted-foreground">signed {formatDate(e.completedAt)}</span>}
              </>
            ) : (
              <>
                <span className="font-semibold">{e.title}</span>
                <span className="text-sm text-muted-foreground">
                  {ENVELOPE_STATUS_LABELS[e.status]}
                  {e.endReason ? `: ${e.endReason}` : ''}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WaitingEnvelope({ envelope }: { envelope: EnvelopeSummary }) {
  const mine = envelope.signers.find((s) => s.role === 'homeowner');
  const href = `/sign?envelope=${envelope.id}`;
  return (
    <Alert variant="warning" className="mt-6">
      <p className="font-semibold">{envelope.title}</p>
      {mine?.state === 'pending' ? (
        <p>
          {WAITING_FOR_YOU[envelope.kind]}{' '}
          <Link className="font-semibold text-primary underline underline-offset-4" to={href}>
            <FileSignature aria-hidden="true" className="mr-1 inline size-4" />
            Review and sign
          </Link>
        </p>
      ) : (
        <p>
          You signed it; it now waits for our countersignature. We e-mail you the sealed copy when it is done.{' '}
          <Link className="font-semibold text-primary underline underline-offset-4" to={href}>
            View the document
          </Link>
        </p>
      )}
    </Alert>
  );
}

/** The dashboard's word on documents to sign: each one waiting for the homeowner's signature, or for ours after theirs. Nothing when there is none. */
export function SignatureAlert() {
  const envelopes = useQuery(myEnvelopesQuery);
  const waiting = envelopes.data?.envelopes.filter((e) => e.status === 'sent') ?? [];
  return (
    <>
      {waiting.map((envelope) => (
        <WaitingEnvelope key={envelope.id} envelope={envelope} />
      ))}
    </>
  );
}
