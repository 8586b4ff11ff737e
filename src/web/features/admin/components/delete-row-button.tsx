import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';

interface DeleteRowButtonProps {
  /** The button's accessible name, e.g. 'Delete Ada Lovelace'. */
  label: string;
  /** docs/product/back-office.md#deleting: the browser confirmation, e.g. 'Are you sure you want to delete this user?'. */
  confirmText: string;
  /** Deletes on the server, then refreshes the list. */
  onDelete: () => Promise<unknown>;
  successText: string;
  /** The toast text when the delete fails, from the error. */
  failureText: (error: unknown) => string;
  disabled?: boolean;
  title?: string;
}

/** A list row's delete icon: browser confirmation, then the toast either way (docs/product/back-office.md#messages). */
export function DeleteRowButton({ label, confirmText, onDelete, successText, failureText, disabled, title }: DeleteRowButtonProps) {
  const [pending, setPending] = useState(false);
  const remove = async () => {
    if (!window.confirm(confirmText)) return;
    setPending(true);
    try {
      await onDelete();
      notify.success(successText);
    } catch (error) {
      notify.error('Error', failureText(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9 text-destructive hover:bg-destructive/10"
      aria-label={label}
      title={title}
      disabled={pending || disabled}
      onClick={() => void remove()}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
