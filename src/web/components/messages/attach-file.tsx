import type { UseMutationResult } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../lib/form-errors';
import { Button } from '../ui/button';

/**
 * 'Attach a file' beside a conversation's message box (docs/decisions/041-withdrawal-and-change-requests.md): the
 * picked file (PDF, JPG or PNG, up to 25 MB, checked by the server as a document is) is sent at once as a message of
 * its own. A refusal stays under the button, naming the file, until the next pick.
 */
export function AttachFile<T>({ send }: { send: UseMutationResult<T, Error, File> }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setRefusal(null);
          setSending(file.name);
          send.mutate(file, {
            onError: (error) => setRefusal(`${file.name} was not sent: ${serverMessageOr(error, 'Please try again.')}`),
            // Back to the button (the picker took focus away), once it shows the outcome.
            onSettled: () => {
              setSending(null);
              requestAnimationFrame(() => button.current?.focus());
            },
          });
        }}
      />
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        // Not `disabled` while a file is sent: focus stays on it and comes back to it.
        aria-disabled={send.isPending || undefined}
        aria-describedby={refusal ? `${id}-refusal` : `${id}-hint`}
        onClick={() => !send.isPending && input.current?.click()}
      >
        <Paperclip aria-hidden="true" /> {sending ? `Sending ${sending}…` : 'Attach a file'}
      </Button>
      <span id={`${id}-hint`} className="sr-only">
        PDF, JPG or PNG, up to 25 MB; sent as soon as you pick it.
      </span>
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="text-sm break-words text-destructive">
          {refusal}
        </p>
      )}
    </div>
  );
}
