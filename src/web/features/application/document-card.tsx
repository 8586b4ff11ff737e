import { FileText, Loader2, Upload } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_ACCEPT, documentReviewText, type DocumentTypeInfo, type ApplicationDocument } from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { buttonVariants, Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { localDate } from '../../lib/dates';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

interface Props {
  info: DocumentTypeInfo;
  required: boolean;
  /** The type's current files, oldest first: one in a draft, up to 10 after submission (docs/product/application.md#documents). */
  files: ApplicationDocument[];
  /** Submitted: an upload is a new version of the newest file, the earlier one kept for the reviewer. */
  submitted: boolean;
  uploading: boolean;
  removing: boolean;
  canRemove: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
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
 * docs/product/application.md#documents: not uploaded (Required / Optional), 'Uploading...', 'Uploaded'
 * with its files (Remove in a draft), each with the reviewer's verdict once given (#document-review).
 */
export function DocumentCard({ info, required, files, submitted, uploading, removing, canRemove, onPick, onRemove }: Props) {
  const document = files.at(-1);
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    // docs/product/application.md#documents: only the first selected file is taken.
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  const badge = uploading ? (
    <Badge variant="secondary">
      <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> Uploading...
    </Badge>
  ) : document ? (
    <Badge variant="success">Uploaded</Badge>
  ) : required ? (
    <Badge variant="destructive">Required</Badge>
  ) : (
    <Badge variant="outline">Optional</Badge>
  );

  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-control)] border border-border bg-card p-4 sm:p-5">
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
            <li key={file.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
              <a href={file.url} download className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline">
                {file.originalName}
              </a>
              <span className="shrink-0 text-muted-foreground">
                {sizeText(file.sizeBytes)} · {localDate(file.createdAt)}
              </span>
              <FileVerdict file={file} />
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="peer sr-only"
          disabled={uploading}
          onChange={pick}
          aria-label={`Upload ${info.title}`}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: document ? 'outline' : 'default', size: 'sm' }),
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-60',
          )}
        >
          <Upload aria-hidden="true" /> {!document ? 'Choose File' : submitted ? 'Upload a New Version' : 'Replace File'}
        </label>
        {document && canRemove && (
          <Button variant="ghost" size="sm" disabled={removing || uploading} onClick={onRemove} aria-label={`Remove ${info.title}`}>
            {removing ? 'Removing...' : 'Remove'}
          </Button>
        )}
        {!document && <span className="text-xs text-muted-foreground">PDF, JPG or PNG, up to 25 MB</span>}
        {document && submitted && <span className="text-xs text-muted-foreground">Replaces {document.originalName}; the reviewer keeps the earlier file.</span>}
      </div>
    </li>
  );
}
