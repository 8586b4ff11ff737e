import { Trash2 } from 'lucide-react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteRequest {
  /** The record, named: the dialog's title, e.g. 'Delete Ada Lovelace?'. */
  title: string;
  /** docs/product/back-office.md#deleting, e.g. 'Are you sure you want to delete this user?'. */
  confirmText: string;
  onDelete: () => Promise<unknown>;
  successText: string;
  failureText: (error: unknown) => string;
}

const DeleteConfirmContext = createContext<((request: DeleteRequest) => void) | null>(null);

/**
 * The back office's one delete confirmation (docs/product/back-office.md#deleting), drawn once beside the page and not
 * in a list row: a row is redrawn (or gone) when the list refreshes under it, and a dialog inside it would go with it.
 */
export function DeleteConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!request) return;
    setPending(true);
    try {
      await request.onDelete();
      notify.success(request.successText);
    } catch (error) {
      notify.error('Error', request.failureText(error));
    } finally {
      setPending(false);
      setRequest(null);
    }
  };
  const ask = useCallback((next: DeleteRequest) => setRequest(next), []);
  return (
    <DeleteConfirmContext.Provider value={ask}>
      {children}
      <ConfirmDialog
        open={request !== null}
        onOpenChange={(open) => !open && setRequest(null)}
        title={request?.title ?? ''}
        confirmLabel="Delete"
        pending={pending}
        destructive
        onConfirm={() => void confirm()}
      >
        <p>{request?.confirmText}</p>
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </DeleteConfirmContext.Provider>
  );
}

interface DeleteRowButtonProps {
  /** The button's accessible name, e.g. 'Delete Ada Lovelace'; the dialog's title adds a question mark. */
  label: string;
  /** docs/product/back-office.md#deleting: the confirmation's text, e.g. 'Are you sure you want to delete this user?'. */
  confirmText: string;
  /** Deletes on the server, then refreshes the list. */
  onDelete: () => Promise<unknown>;
  successText: string;
  /** The toast text when the delete fails, from the error. */
  failureText: (error: unknown) => string;
}

/** A list row's delete icon: the page's confirmation dialog, then the toast either way (docs/product/back-office.md#messages). */
export function DeleteRowButton({ label, confirmText, onDelete, successText, failureText }: DeleteRowButtonProps) {
  const ask = useContext(DeleteConfirmContext);
  if (!ask) throw new Error('DeleteRowButton needs a DeleteConfirmProvider above it (admin-layout.tsx)');
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9 text-destructive hover:bg-destructive/10"
      aria-label={label}
      onClick={() => ask({ title: `${label}?`, confirmText, onDelete, successText, failureText })}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
