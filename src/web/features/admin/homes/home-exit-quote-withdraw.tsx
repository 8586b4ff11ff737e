import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { exitQuotesApi } from '../../../../domain/api/exit-quotes';
import { formatCents, formatDate } from '../../../../domain/format';
import { EXIT_WAY_LABELS, MAX_DISPUTE_LENGTH, withdrawQuoteSchema, type ExitQuoteView } from '../../../../domain/homes/exit-quotes';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { callApi } from '../../../lib/call-api';
import { applyServerFieldErrors, failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ConfirmDialog } from '../components/confirm-dialog';

/**
 * Staff's withdrawal of an accepted exit quote once the homeowner's own has closed, 14 days before the move date
 * (docs/decisions/040-exit-quote-completion.md): a reason the homeowner reads, then a confirmation naming the home,
 * the way out and the move date. The server cancels the notice, audits and mails in one transaction.
 */
export function StaffWithdraw({ quote, address }: { quote: ExitQuoteView; address: string }) {
  const client = useQueryClient();
  const [reason, setReason] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (text: string) => callApi(exitQuotesApi.staffWithdraw, { params: { id: quote.id }, body: { reason: text } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'homes'] }),
  });
  const { register, handleSubmit, formState, setError, reset } = useForm<z.input<typeof withdrawQuoteSchema>, unknown, z.output<typeof withdrawQuoteSchema>>({
    resolver: zodResolver(withdrawQuoteSchema),
    defaultValues: { reason: '' },
  });
  const confirm = () => {
    if (reason === null) return;
    withdraw.mutate(reason, {
      onSuccess: () => {
        setReason(null);
        reset();
        notify.success('Quote withdrawn', 'Its notice is cancelled and the homeowner is told.');
      },
      onError: (error) => {
        setReason(null);
        if (!applyServerFieldErrors(error, setError, ['reason'])) notify.error('Error', failureText(error, 'Failed to withdraw'));
      },
    });
  };
  return (
    <form noValidate aria-label="Withdraw the accepted quote" className="flex flex-col gap-2" onSubmit={handleSubmit(({ reason: text }) => setReason(text))}>
      <Field
        label="Withdraw it: your reason"
        required
        help="Within 14 days of the move date only staff can withdraw. The homeowner reads the reason."
        error={formState.errors.reason?.message}
      >
        <Textarea rows={2} maxLength={MAX_DISPUTE_LENGTH} {...register('reason')} />
      </Field>
      <Button type="submit" variant="outline" className="self-start">
        Withdraw…
      </Button>
      <ConfirmDialog
        open={reason !== null}
        onOpenChange={(open) => !open && setReason(null)}
        title={`Withdraw the accepted quote for ${address}?`}
        confirmLabel="Withdraw quote and cancel its notice"
        destructive
        pending={withdraw.isPending}
        onConfirm={confirm}
      >
        <p>
          {EXIT_WAY_LABELS[quote.kind]}
          {quote.totalCents !== null && `, ${formatCents(quote.totalCents)}`}
          {quote.moveDate && `, move date ${formatDate(quote.moveDate)}`}. The 60-day notice is cancelled and the agreement continues; the homeowner is e-mailed
          your reason.
        </p>
      </ConfirmDialog>
    </form>
  );
}
