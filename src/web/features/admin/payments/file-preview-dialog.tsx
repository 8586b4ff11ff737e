import type { UseMutationResult } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatNumber } from '../../../../domain/format';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';

/** What a bank file's preview and its application both answer: the bad lines, and how many rows would be (or were) new. */
export interface FilePreviewResult {
  problems: readonly { line: number; message: string }[];
  newCount: number;
}

type FileMutation<R> = UseMutationResult<R, Error, string>;

export interface FilePreviewDialogProps<R extends FilePreviewResult> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  fileLabel: string;
  accept: string;
  /** The longest file the API takes, in characters, and what the message says about it ('about 1,000 payments'). */
  maxLength: number;
  sizeHint?: string;
  /** The message when Preview is pressed without a file. */
  missingText: string;
  /** The body field the API names in its field errors ('csv', 'file'). */
  fieldName: string;
  preview: FileMutation<R>;
  apply: FileMutation<R>;
  /** The toast after the file was applied. */
  appliedText: (result: R) => string;
  /** The line above the problem list ('Nothing can be imported until…'). */
  problemsTitle: (count: number) => string;
  /** Shows the line number before each problem's message. */
  numberProblems?: boolean;
  /** The summary of a clean preview or of what was applied. */
  summary: (result: R, applied: boolean) => ReactNode;
  table: (result: R) => ReactNode;
  applyLabel: (preview: R | undefined, pending: boolean) => string;
  /** What the apply step says when it fails. */
  applyFailure: string;
  /** Statuses of a failed apply that mean 'the data changed since the preview': the preview is read again. */
  staleStatuses: readonly number[];
}

/**
 * A bank file staff upload on /admin/payments (docs/product/back-office.md#payments): choose the file, Preview
 * (each line matched, the bad ones by number; nothing written), then apply it (one transaction; nothing of a file
 * with a bad line). The bank CSV import and the NACHA return file both go this way.
 */
export function FilePreviewDialog<R extends FilePreviewResult>(props: FilePreviewDialogProps<R>) {
  const { preview, apply } = props;
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<R | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const summaryId = useId();
  const result = done ?? preview.data;

  const close = (next: boolean) => {
    props.onOpenChange(next);
    if (!next) {
      setText(null);
      setFileError(undefined);
      setDone(null);
      preview.reset();
      apply.reset();
    }
  };

  const choose = async (file: File | undefined) => {
    setDone(null);
    preview.reset();
    setFileError(undefined);
    setText(null);
    if (!file) return;
    const read = await file.text();
    if (read.length > props.maxLength) {
      const hint = props.sizeHint ? ` (${props.sizeHint})` : '';
      return setFileError(`The file is too large: at most ${formatNumber(props.maxLength)} characters${hint}. Split it.`);
    }
    if (!read.trim()) return setFileError('The file is empty.');
    setText(read);
  };

  const runPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (!text) {
      setFileError(fileError ?? props.missingText);
      inputRef.current?.focus();
      return;
    }
    try {
      await preview.mutateAsync(text);
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.fields?.[props.fieldName] : undefined;
      if (fieldError) setFileError(fieldError);
      else notify.error('Error', failureText(error, 'Failed to read the file'));
    }
  };

  const runApply = async () => {
    if (!text) return;
    try {
      const applied = await apply.mutateAsync(text);
      setDone(applied);
      notify.success(props.appliedText(applied));
    } catch (error) {
      // Something changed since the preview: show the file as it reads now.
      if (error instanceof ApiError && props.staleStatuses.includes(error.status)) await preview.mutateAsync(text).catch(() => undefined);
      notify.error('Error', failureText(error, props.applyFailure));
    }
  };

  const canApply = Boolean(text && preview.data && !done && preview.data.problems.length === 0 && preview.data.newCount > 0);

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>{props.description}</DialogDescription>
        <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(e) => void runPreview(e)}>
          <Field label={props.fileLabel} required error={fileError}>
            <input
              ref={inputRef}
              type="file"
              accept={props.accept}
              className="block w-full text-sm file:mr-3 file:rounded-[var(--radius-control)] file:border file:border-border file:bg-card file:px-3 file:py-2 file:text-sm"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={preview.isPending}>
              {preview.isPending ? 'Reading...' : 'Preview'}
            </Button>
          </div>
        </form>
        {result && (
          <div className="mt-4 flex flex-col gap-3" aria-live="polite" id={summaryId}>
            {result.problems.length > 0 ? (
              <Alert variant="destructive">
                <p className="font-semibold">{props.problemsTitle(result.problems.length)}</p>
                <ul className="mt-2 list-disc pl-5">
                  {result.problems.map((problem, index) => (
                    <li key={`${problem.line}-${index}`}>{props.numberProblems ? `Line ${problem.line}: ${problem.message}` : problem.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : (
              props.summary(result, done !== null)
            )}
            {props.table(result)}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            {done ? 'Done' : 'Cancel'}
          </Button>
          {!done && (
            <Button type="button" disabled={!canApply || apply.isPending} onClick={() => void runApply()}>
              <Upload aria-hidden="true" />
              {props.applyLabel(preview.data, apply.isPending)}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
