import { FileText } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { checkPickedFile, DOCUMENT_ACCEPT } from '../../../domain/application';
import { MAX_MILESTONE_DOCUMENTS, type ClosingDocument, type MilestoneOwner } from '../../../domain/buying/closing';
import { formatDate } from '../../../domain/format';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';

const PICK_TEXT = {
  invalidType: 'Please upload PDF, JPG, or PNG files only.',
  tooLarge: 'Files must be smaller than 25MB.',
  empty: 'This file is empty. Please choose another file.',
} as const;

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/**
 * A closing milestone's documents (docs/decisions/042-closing.md): each a download link with who sent it and when,
 * and a file field to add one — PDF, JPG or PNG up to 25 MB, checked here and again by its content on the server.
 * Shared by the buyer's checklist and staff's closing dialog; `sides` names who sent each in the reader's words.
 */
export function MilestoneDocuments({
  label,
  documents,
  hrefOf,
  sides,
  onUpload,
  canUpload = true,
}: {
  /** The milestone's name, e.g. 'Inspection'. */
  label: string;
  documents: readonly ClosingDocument[];
  hrefOf: (id: string) => string;
  sides: Readonly<Record<MilestoneOwner, string>>;
  onUpload: (file: File) => Promise<unknown>;
  canUpload?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const full = documents.length >= MAX_MILESTONE_DOCUMENTS;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const check = checkPickedFile(file);
    if (check !== 'ok') {
      setError(`${file.name}: ${PICK_TEXT[check]}`);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await onUpload(file);
      notify.success('Document added', `${label}: ${file.name}`);
    } catch (failure) {
      setError(failureText(failure, 'Failed to upload the document'));
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {documents.length > 0 && (
        <ul aria-label={`${label} documents`} className="flex flex-col gap-1 text-sm">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-2">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <a className={`${link} break-all`} href={hrefOf(d.id)} download>
                {d.name}
              </a>
              <span className="text-muted-foreground">
                {sides[d.uploadedBy]} · {formatDate(d.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canUpload && !full && (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Add a document to {label.toLowerCase()}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-help`}
            onChange={(event) => void pick(event.target.files?.[0])}
            className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-4 file:font-medium"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : (
            <p id={`${id}-help`} className="text-sm text-muted-foreground">
              {pending ? 'Uploading...' : `PDF, JPG or PNG, up to 25MB; at most ${MAX_MILESTONE_DOCUMENTS}.`}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
