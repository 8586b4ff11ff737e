import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AdminApplicationDetail } from '../../../../domain/admin/applications';
import { documentReviewSchema, MAX_REVIEW_REASON, type DocumentVersion, type ReviewDocument } from '../../../../domain/application/document-review';
import { DOCUMENT_TYPES, documentTitle, type StoredDocumentType } from '../../../../domain/application/documents';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { localDate, localDateTime } from '../../../lib/dates';
import { useDocumentReview } from './document-review-api';
import { formatNumber } from '../../../../domain/format';

/**
 * The review dialog's Documents (docs/product/back-office.md#document-review): per type, the
 * current files with their verdict (Accepted, Needs attention with its reason) and, under
 * each, its earlier versions with when they were uploaded and replaced — every file
 * downloadable through the audited download.
 */

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const TYPE_ORDER: readonly StoredDocumentType[] = [...DOCUMENT_TYPES, 'other'];

function Verdict({ file }: { file: DocumentVersion }) {
  if (!file.reviewState) return <Badge variant="outline">Not reviewed</Badge>;
  return file.reviewState === 'accepted' ? <Badge variant="success">Accepted</Badge> : <Badge variant="warning">Needs attention</Badge>;
}

function DownloadLink({ file, label }: { file: DocumentVersion; label: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={file.url} download aria-label={`Download ${label} (${file.originalName})`}>
        <Download aria-hidden="true" />
        Download
      </a>
    </Button>
  );
}

/** Who gave the verdict and when, and the reason the applicant reads. */
function VerdictFacts({ file }: { file: DocumentVersion }) {
  if (!file.reviewState) return null;
  return (
    <div className="mt-1 text-xs text-muted-foreground">
      {file.reviewState === 'needs_attention' && file.reviewReason && (
        <p className="break-words whitespace-pre-wrap text-foreground">Reason given to the applicant: {file.reviewReason}</p>
      )}
      {file.reviewedAt && (
        <p>
          Marked {file.reviewState === 'accepted' ? 'Accepted' : 'Needs attention'}
          {file.reviewedBy ? ` by ${file.reviewedBy}` : ''} on <time dateTime={file.reviewedAt}>{localDateTime(file.reviewedAt)}</time>
        </p>
      )}
    </div>
  );
}

function EarlierVersions({ versions, title }: { versions: DocumentVersion[]; title: string }) {
  if (versions.length === 0) return null;
  return (
    <div className="mt-2 border-l border-border pl-3">
      <p className="text-xs font-semibold text-muted-foreground">Earlier versions ({versions.length})</p>
      <ul className="mt-1 flex flex-col gap-2" aria-label={`Earlier versions of ${title}`}>
        {versions.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 text-xs">
            <span className="min-w-0">
              <span className="block font-medium break-all text-foreground">{version.originalName}</span>
              <span className="text-muted-foreground">
                Uploaded <time dateTime={version.createdAt}>{localDateTime(version.createdAt)}</time>
                {version.supersededAt && (
                  <>
                    {' '}
                    · Replaced on <time dateTime={version.supersededAt}>{localDate(version.supersededAt)}</time>
                  </>
                )}
                {version.reviewState && ` · ${version.reviewState === 'accepted' ? 'Accepted' : 'Needs attention'}`}
              </span>
            </span>
            <DownloadLink file={version} label={`earlier version of ${title}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Needs attention' as the contract takes it: the reason the applicant reads. */
const needsAttentionSchema = z.object({ reason: documentReviewSchema.options[1].shape.reason });
type NeedsAttention = z.input<typeof needsAttentionSchema>;

function CurrentFile({ file, applicationId, changeable }: { file: ReviewDocument; applicationId: string; changeable: boolean }) {
  const id = useId();
  const review = useDocumentReview(applicationId);
  const [asking, setAsking] = useState(false);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<NeedsAttention>({
    resolver: zodResolver(needsAttentionSchema),
    defaultValues: { reason: '' },
    // As before: the error shows under the box; focus stays on the button.
    shouldFocusError: false,
  });
  const reason = useWatch({ control, name: 'reason' });
  const label = `${file.title}, ${file.originalName}`;

  const sendNeedsAttention = handleSubmit(({ reason }) =>
    review.mutate(
      { documentId: file.id, body: { state: 'needs_attention', reason } },
      {
        onSuccess: () => {
          setAsking(false);
          reset({ reason: '' });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.reason : undefined;
          if (message) setError('reason', { type: 'server', message });
        },
      },
    ),
  );

  return (
    <li className="rounded-[var(--radius-control)] bg-muted/50 px-3 py-2 text-sm" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="flex min-w-0 items-start gap-2">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0">
            <span className="block font-medium break-all text-foreground">{file.originalName}</span>
            <span className="block text-xs text-muted-foreground">
              {fileSize(file.sizeBytes)} · Uploaded <time dateTime={file.createdAt}>{localDateTime(file.createdAt)}</time>
            </span>
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <Verdict file={file} />
          <DownloadLink file={file} label={file.title} />
        </span>
      </div>
      <VerdictFacts file={file} />
      {changeable && !asking && (
        <div className="mt-2 flex flex-wrap gap-2">
          {file.reviewState !== 'accepted' && (
            <Button
              size="sm"
              disabled={review.isPending}
              onClick={() => review.mutate({ documentId: file.id, body: { state: 'accepted' } })}
              aria-label={`Accept ${label}`}
            >
              Accept
            </Button>
          )}
          {/* Marked Needs attention, the file's request says the rest: it is withdrawn or answered under Requests. */}
          {file.reviewState !== 'needs_attention' && (
            <Button variant="outline" size="sm" disabled={review.isPending} onClick={() => setAsking(true)} aria-label={`Needs attention: ${label}`}>
              Needs attention
            </Button>
          )}
        </div>
      )}
      {asking && (
        <div className="mt-3 flex flex-col gap-2" id={id}>
          <Field
            label="What needs attention"
            required
            error={formState.errors.reason?.message}
            help={`The applicant reads this, and it becomes a request for a new version. ${formatNumber(reason.length)} / ${formatNumber(MAX_REVIEW_REASON)} characters`}
          >
            <Textarea maxLength={MAX_REVIEW_REASON} rows={3} className="text-sm" {...register('reason')} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={review.isPending} onClick={() => void sendNeedsAttention()}>
              {review.isPending ? 'Sending...' : 'Ask for a new version'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <EarlierVersions versions={file.versions} title={file.title} />
    </li>
  );
}

export function DocumentsReviewPanel({ detail }: { detail: AdminApplicationDetail }) {
  const changeable = detail.requestsOpen;
  const groups = TYPE_ORDER.map((type) => ({ type, files: detail.documents.filter((d) => d.type === type) })).filter((g) => g.files.length > 0);
  return (
    <section aria-labelledby={`documents-${detail.id}`} className="rounded-[var(--radius-control)] border border-border p-4">
      <h3 id={`documents-${detail.id}`} className="text-sm font-semibold text-foreground">
        Documents
      </h3>
      {groups.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No documents uploaded.</p>
      ) : (
        <div className="mt-3 flex flex-col gap-4">
          {groups.map(({ type, files }) => (
            <div key={type}>
              <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {type === 'other' ? 'Other documents' : documentTitle(type)} ({files.length})
              </h4>
              <ul className="mt-2 flex flex-col gap-2">
                {files.map((file) => (
                  <CurrentFile key={file.id} file={file} applicationId={detail.id} changeable={changeable && file.supersededAt === null} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
