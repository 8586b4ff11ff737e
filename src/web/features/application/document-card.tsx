import { FileText, Loader2, Upload } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { DOCUMENT_ACCEPT, type DocumentTypeInfo, type ApplicationDocument } from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { buttonVariants, Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { localDate } from '../../lib/dates';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

interface Props {
  info: DocumentTypeInfo;
  required: boolean;
  document?: ApplicationDocument;
  uploading: boolean;
  removing: boolean;
  canRemove: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** docs/product/application.md#documents: not uploaded (Required / Optional), 'Uploading...', 'Uploaded' with Remove. */
export function DocumentCard({ info, required, document, uploading, removing, canRemove, onPick, onRemove }: Props) {
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

      {document && (
        <p className="mt-3 flex items-center gap-2 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <a href={document.url} download className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline">
            {document.originalName}
          </a>
          <span className="shrink-0 text-muted-foreground">
            {sizeText(document.sizeBytes)} · {localDate(document.createdAt)}
          </span>
        </p>
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
          <Upload aria-hidden="true" /> {document ? 'Replace File' : 'Choose File'}
        </label>
        {document && canRemove && (
          <Button variant="ghost" size="sm" disabled={removing || uploading} onClick={onRemove} aria-label={`Remove ${info.title}`}>
            {removing ? 'Removing...' : 'Remove'}
          </Button>
        )}
        {!document && <span className="text-xs text-muted-foreground">PDF, JPG or PNG, up to 25 MB</span>}
      </div>
    </li>
  );
}
