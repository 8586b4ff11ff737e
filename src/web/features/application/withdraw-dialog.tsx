import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { withdrawApplicationSchema, withdrawConsequence, type WithdrawApplication } from '../../../domain/application/change-requests';
import type { WITHDRAWABLE_STATUSES } from '../../../domain/application';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useWithdrawApplication } from './after-submit-api';

/**
 * 'Withdraw application' (docs/decisions/041-withdrawal-and-change-requests.md): a confirmation that
 * names the consequence and asks for the reason; the server refuses with a plain message when it
 * cannot (a bought home, withdrawn already), shown in the dialog.
 */
export function WithdrawDialog({ status, onWithdrawn }: { status: (typeof WITHDRAWABLE_STATUSES)[number]; onWithdrawn: () => void }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawApplication();
  const { register, handleSubmit, formState, setError, reset } = useForm<z.input<typeof withdrawApplicationSchema>, unknown, WithdrawApplication>({
    resolver: zodResolver(withdrawApplicationSchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) =>
    withdraw.mutate(reason, {
      onSuccess: () => {
        setOpen(false);
        notify.success('Your application is withdrawn');
        onWithdrawn();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.fields?.reason : undefined;
        if (message) setError('reason', { type: 'server', message });
      },
    }),
  );
  const refusal = withdraw.error instanceof ApiError && !withdraw.error.fields ? withdraw.error.message : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          reset({ reason: '' });
          withdraw.reset();
        }
      }}
    >
      <Button variant="outline" size="sm" className="bg-card" onClick={() => setOpen(true)}>
        Withdraw application
      </Button>
      <DialogContent>
        <DialogTitle>Withdraw your application?</DialogTitle>
        <DialogDescription>{withdrawConsequence(status)}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
          <Field label="Why are you withdrawing?" required error={formState.errors.reason?.message} help="Our team reads it; it helps us do better.">
            <Textarea rows={3} maxLength={1000} {...register('reason')} />
          </Field>
          {refusal && (
            <Alert variant="destructive" role="alert">
              {refusal}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep my application
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={withdraw.isPending}>
              {withdraw.isPending ? 'Withdrawing...' : 'Withdraw application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
