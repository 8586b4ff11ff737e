import { FileText, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_ACCEPT, documentReviewText, MAX_FILES_PER_TYPE, type DocumentTypeInfo, type ApplicationDocument } from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { buttonVariants, Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';
import { localDate } from '../../lib/dates';
import { splitFileName } from './file-name';
import type { UploadInProgress, UploadOutcome, UploadRefusal } from './use-document-uploads';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

interface Props {
  info: DocumentTypeInfo;
  required: boolean;
  /** The type's current files, oldest first: up to 10 (docs/product/application.md#documents). */
  files: ApplicationDocument[];
  /** Submitted: an upload is a new version of the newest file, the earlier one kept for the reviewer. */
  submitted: boolean;
  /** Approved or declined: the files are as decided on, and nothing more is asked (docs/product/application.md#statuses). */
  decided?: boolean;
  /** The upload under way, with its progress. */
  upload: UploadInProgress | undefined;
  /** How the last upload ended (where focus goes, what the status line says). */
  outcome: UploadOutcome | undefined;
  /** The last pick's refused files and why, kept until the next pick. */
  refusals: UploadRefusal[];
  removing: boolean;
  canRemove: boolean;
  /** The files of one pick (several at once: an ID's two sides), sent one after another; at most the room left. */
  onPick: (files: File[]) => void;
  onCancel: () => void;
  /** Removes one file (a draft's); resolves true once it is gone. */
  onRemove: (file: ApplicationDocument) => Promise<boolean>;
}

/** Focus moves only when it would otherwise be lost: on <body>, or on something of this card. */
function focusLostOrIn(card: HTMLElement | null) {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(card?.contains(active));
}

/** A file's name, cut in the middle when it is too long, the whole name in its accessible name and tooltip. */
function FileName({ name }: { name: string }) {
  const { head, tail } = splitFileName(name);
  // The two visual halves are flex items, which assistive technology reads as two words
  // ('…final-v ersion-2.pdf'): it reads the whole name instead.
  return (
    <>
      <span className="sr-only">{name}</span>
      <span aria-hidden="true" className="flex min-w-0">
        <span className="truncate">{head}</span>
        {tail && <span className="shrink-0 whitespace-pre">{tail}</span>}
      </span>
    </>
  );
}

/** The reviewer's verdict on a file as the buyer reads it (docs/product/application.md#document-review). */
function FileVerdict({ file }: { file: ApplicationDocument }) {
  if (!file.reviewState) return null;
  if (file.reviewState === 'accepted') return <Badge variant="success">Accepted</Badge>;
  return (
    <p className="w-full text-sm break-words text-warning">
      <span className="font-semibold">{documentReviewText(file.reviewState, file.reviewReason)}</span>{' '}
      <Link to="/apply/requests" className="font-medium text-primary underline underline-offset-4">
        Answer it on your To do page
      </Link>
    </p>
  );
}

/**
 * docs/product/application.md#documents: not uploaded (Required / Optional), uploading (a progress bar
 * in percent and Cancel), 'Uploaded' with its files (each with its own Remove in a draft, confirmed first;
 * 'Add Another File' up to 10), each with the reviewer's verdict once given (#document-review); a refused
 * upload's reason stays until the next one starts. Focus never falls to the page: it moves to Cancel
 * while uploading, to the new file when stored, to the upload button after a cancel, a failure or a removal.
 */
export function DocumentCard({
  info,
  required,
  files,
  submitted,
  decided = false,
  upload,
  outcome,
  refusals,
  removing,
  canRemove,
  onPick,
  onCancel,
  onRemove,
}: Props) {
  const document = files.at(-1);
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const card = useRef<HTMLLIElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const keepButton = useRef<HTMLButtonElement>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  /** The file whose removal is being confirmed. */
  const [confirming, setConfirming] = useState<ApplicationDocument | null>(null);
  const focusNext = useRef<{ to: 'keep' | 'input' } | { to: 'remove'; id: string } | null>(null);
  const uploading = upload !== undefined;
  const full = !submitted && files.length >= MAX_FILES_PER_TYPE;

  // Uploading: Cancel takes the place of the upload button, and focus with it.
  const wasUploading = useRef(uploading);
  useEffect(() => {
    if (wasUploading.current === uploading) return;
    wasUploading.current = uploading;
    if (!focusLostOrIn(card.current)) return;
    if (uploading) cancelButton.current?.focus();
    else if (outcome?.kind === 'stored') links.current.get(outcome.id)?.focus();
    else input.current?.focus();
  }, [uploading, outcome]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target?.to === 'keep') keepButton.current?.focus();
    if (target?.to === 'remove') removeButtons.current.get(target.id)?.focus();
    if (target?.to === 'input') input.current?.focus();
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    // A draft takes several at once; after submission an upload is a new version of one file, so only the first is taken.
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length > 0) onPick(submitted ? picked.slice(0, 1) : picked);
  };
  const confirmRemove = async (file: ApplicationDocument) => {
    if (removing) return;
    const removed = await onRemove(file);
    setConfirming(null);
    focusNext.current = removed ? { to: 'input' } : { to: 'remove', id: file.id };
  };

  const percent = Math.round((upload?.fraction ?? 0) * 100);
  const sent = uploading && upload.fraction >= 1;
  const badge = uploading ? (
    <Badge variant="secondary">Uploading...</Badge>
  ) : document ? (
    <Badge variant="success">Uploaded</Badge>
  ) : required ? (
    <Badge variant="destructive">Required</Badge>
  ) : (
    <Badge variant="outline">Optional</Badge>
  );

  return (
    <li ref={card} aria-labelledby={titleId} className="min-w-0 rounded-[var(--radius-control)] border border-border bg-card p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold">
            {info.title}
          </h3>
          <p className="mt-0.5 text-sm text-muted-foreground">{info.description}</p>
        </div>
        {badge}
      </div>

      {files.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label={`${info.title} files`}>
          {files.map((file) => (
            <li key={file.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-2">
                <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <a
                  ref={(element) => {
                    if (element) links.current.set(file.id, element);
                    else links.current.delete(file.id);
                  }}
                  href={file.url}
                  download
                  title={file.originalName}
                  className="flex min-w-0 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <FileName name={file.originalName} />
                </a>
              </span>
              <span className="shrink-0 text-muted-foreground">
                {sizeText(file.sizeBytes)} · {localDate(file.createdAt)}
              </span>
              {canRemove && !uploading && !confirming && (
                <Button
                  ref={(element) => {
                    if (element) removeButtons.current.set(file.id, element);
                    else removeButtons.current.delete(file.id);
                  }}
                  variant="ghost"
                  size="sm"
                  className="-my-1 ml-auto shrink-0"
                  onClick={() => {
                    setConfirming(file);
                    focusNext.current = { to: 'keep' };
                  }}
                  aria-label={`Remove ${info.title}: ${file.originalName}`}
                >
                  Remove
                </Button>
              )}
              <FileVerdict file={file} />
            </li>
          ))}
        </ul>
      )}

      {upload && (
        <div className="mt-3 flex flex-col gap-1.5">
          <p className="flex min-w-0 items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 font-medium" title={upload.fileName}>
              <FileName name={upload.fileName} />
            </span>
            <span aria-hidden="true" className="tabular shrink-0 text-muted-foreground">
              {percent}%
            </span>
          </p>
          <Progress value={percent} label={`Uploading ${upload.fileName}`} valueText={`${percent}% uploaded`} />
        </div>
      )}
      <div role="status" className="text-sm [overflow-wrap:anywhere]">
        {uploading ? (
          <span className="sr-only">Uploading {upload.fileName}</span>
        ) : outcome?.kind === 'cancelled' ? (
          <p className="mt-3 text-muted-foreground">Upload canceled. {outcome.fileName} was not uploaded.</p>
        ) : null}
        {refusals.map((refusal, index) => (
          <p key={`${refusal.fileName}-${index}`} className="mt-3 font-medium text-destructive">
            {refusal.fileName} was not uploaded: {refusal.reason}
          </p>
        ))}
      </div>

      {decided ? null : confirming ? (
        <div role="group" aria-label={`Remove ${info.title}?`} className="mt-4 rounded-[var(--radius-control)] border border-destructive/30 bg-muted/60 p-3">
          <p className="text-sm [overflow-wrap:anywhere]">
            Remove <span className="font-semibold">{confirming.originalName}</span>? You can upload a file again afterwards.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="destructive"
              size="sm"
              aria-disabled={removing || undefined}
              onClick={() => void confirmRemove(confirming)}
              aria-label={`Yes, remove ${info.title}`}
            >
              {removing ? 'Removing...' : 'Remove file'}
            </Button>
            <Button
              ref={keepButton}
              variant="outline"
              size="sm"
              onClick={() => {
                setConfirming(null);
                focusNext.current = { to: 'remove', id: confirming.id };
              }}
            >
              Keep file
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {uploading ? (
            sent ? (
              // Every byte is sent: the server is storing the file, so it can no longer be called back. The button
              // stays (focus is on it) but does nothing; the card then shows the stored file.
              <Button ref={cancelButton} variant="outline" size="sm" aria-disabled="true" aria-label={`Finishing the upload of ${info.title}`}>
                Finishing...
              </Button>
            ) : (
              <Button ref={cancelButton} variant="outline" size="sm" onClick={onCancel} aria-label={`Cancel the upload of ${info.title}`}>
                <X aria-hidden="true" /> Cancel
              </Button>
            )
          ) : full ? (
            <p className="text-sm text-muted-foreground">{MAX_FILES_PER_TYPE} files, the most one document takes. Remove one to add another.</p>
          ) : (
            <>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={DOCUMENT_ACCEPT}
                multiple={!submitted}
                className="peer sr-only"
                onChange={pick}
                aria-label={`Upload ${info.title}`}
              />
              <label
                htmlFor={inputId}
                className={cn(
                  buttonVariants({ variant: document ? 'outline' : 'default', size: 'sm' }),
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                )}
              >
                <Upload aria-hidden="true" /> {!document ? 'Choose File' : submitted ? 'Upload a New Version' : 'Add Another File'}
              </label>
            </>
          )}
          {!document && !uploading && <span className="text-xs text-muted-foreground">PDF, JPG or PNG, up to 25 MB</span>}
          {document && submitted && !uploading && (
            <span className="min-w-0 text-xs text-muted-foreground [overflow-wrap:anywhere]">
              Replaces {document.originalName}; the reviewer keeps the earlier file.
            </span>
          )}
        </div>
      )}
    </li>
  );
}
