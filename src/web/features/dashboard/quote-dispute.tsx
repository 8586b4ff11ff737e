import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { checkPickedFile, DOCUMENT_ACCEPT } from '../../../domain/application';
import { disputeSchema, MAX_DISPUTE_DOCUMENTS, MAX_DISPUTE_LENGTH, type DisputeDocument, type ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { applyServerFieldErrors, failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { disputeDocumentHref, useAddDisputeDocument, useDisputeWithDocuments } from './exit-api';

/**
 * Disputing a quote's valuation (docs/decisions/040-exit-quote-completion.md): a reason and optional documents —
 * comparable sales, an appraisal — PDF, JPG or PNG, checked here and again by their content on the server.
 */

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

const PICK_TEXT = {
  invalidType: 'Please upload PDF, JPG, or PNG files only.',
  tooLarge: 'Files must be smaller than 25MB.',
  empty: 'This file is empty. Please choose another file.',
} as const;

/** The first problem of the picked files, in the upload's own words, or null. */
function pickProblem(files: File[], room: number): string | null {
  if (files.length > room) return `You can send at most ${MAX_DISPUTE_DOCUMENTS} documents with a dispute.`;
  for (const file of files) {
    const check = checkPickedFile(file);
    if (check !== 'ok') return `${file.name}: ${PICK_TEXT[check]}`;
  }
  return null;
}

function FilesInput({ label, error, onPick, multiple }: { label: string; error?: string; onPick: (files: File[]) => void; multiple?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={DOCUMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        onChange={(event) => onPick([...(event.target.files ?? [])])}
        className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-4 file:font-medium"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          Optional. PDF, JPG or PNG, up to 25MB each, at most {MAX_DISPUTE_DOCUMENTS}.
        </p>
      )}
    </div>
  );
}

export function DisputeForm({ quote }: { quote: ExitQuoteView }) {
  const dispute = useDisputeWithDocuments(quote.id);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof disputeSchema>, unknown, z.output<typeof disputeSchema>>({
    resolver: zodResolver(disputeSchema),
    defaultValues: { reason: '' },
  });
  const onValid = async ({ reason }: z.output<typeof disputeSchema>) => {
    const problem = pickProblem(files, MAX_DISPUTE_DOCUMENTS);
    if (problem) return setFileError(problem);
    try {
      await dispute.mutateAsync({ reason, files });
      notify.success('Dispute sent', 'Our staff will record a new valuation or answer you.');
    } catch (failure) {
      if (applyServerFieldErrors(failure, setError, ['reason'])) return;
      notify.error('Error', failureText(failure, 'Failed to send your dispute'));
    }
  };
  return (
    <form noValidate aria-label="Dispute the valuation" className="flex flex-col gap-3" onSubmit={handleSubmit(onValid)}>
      <h2 className="text-lg font-semibold">Dispute the valuation</h2>
      <p className="text-sm text-muted-foreground">Once per quote. Tell us why you think your home is worth more or less (comparable sales, an appraisal).</p>
      <Field label="Your reason" required error={formState.errors.reason?.message}>
        <Textarea rows={3} maxLength={MAX_DISPUTE_LENGTH} {...register('reason')} />
      </Field>
      <FilesInput
        label="Documents (comparable sales, an appraisal)"
        multiple
        error={fileError}
        onPick={(picked) => {
          setFiles(picked);
          setFileError(pickProblem(picked, MAX_DISPUTE_DOCUMENTS) ?? undefined);
        }}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={dispute.isPending}>
        {dispute.isPending ? 'Sending…' : 'Send dispute'}
      </Button>
    </form>
  );
}

/** The documents sent with a dispute, each downloadable. */
export function DisputeDocuments({ documents, href }: { documents: DisputeDocument[]; href: (id: string) => string }) {
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Documents sent with the dispute" className="flex flex-col gap-1">
      {documents.map((document) => (
        <li key={document.id}>
          <a className={`${link} inline-flex items-center gap-2`} href={href(document.id)} download>
            <FileText aria-hidden="true" className="size-4" /> {document.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The dispute as sent, its documents, and one more document while it waits for staff. */
export function DisputeSent({ quote }: { quote: ExitQuoteView }) {
  const add = useAddDisputeDocument(quote.id);
  const [error, setError] = useState<string>();
  const documents = quote.dispute?.documents ?? [];
  const onPick = async (files: File[]) => {
    const problem = pickProblem(files.slice(0, 1), MAX_DISPUTE_DOCUMENTS - documents.length);
    if (problem) return setError(problem);
    setError(undefined);
    if (!files[0]) return;
    try {
      await add.mutateAsync(files[0]);
      notify.success('Document added');
    } catch (failure) {
      setError(failureText(failure, 'Failed to add the document'));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Your dispute</h2>
      <p className="text-[0.9375rem]">{quote.dispute?.reason}</p>
      <DisputeDocuments documents={documents} href={disputeDocumentHref} />
      {quote.canAddDocuments && <FilesInput label="Add a document" error={error} onPick={(files) => void onPick(files)} />}
    </div>
  );
}
