import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { autopayApi } from '../../../domain/api/autopay';
import { formatCents, formatDate } from '../../../domain/format';
import type { PaymentsOverview } from '../../../domain/payments/bank-account';
import { Switch } from '../../components/ui/switch';
import { callApi } from '../../lib/call-api';
import { serverMessageOr } from '../../lib/form-errors';
import { notify } from '../../lib/toast';

/**
 * Autopay on the home page (docs/decisions/037-autopay-and-ach-files.md): on or off at any time, from a verified
 * account; while on, the next debit and the day it goes out (the banking day before a weekend or holiday).
 */
export function AutopaySwitch({ overview }: { overview: PaymentsOverview }) {
  const client = useQueryClient();
  const labelId = useId();
  const noteId = useId();
  const set = useMutation({
    mutationFn: (on: boolean) => callApi(autopayApi.set, { body: { on } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['me', 'home'] }),
  });
  const { autopay } = overview;
  const next = autopay.nextDebit;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-4">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-semibold">
          Autopay
        </span>
        <Switch
          aria-labelledby={labelId}
          aria-describedby={noteId}
          checked={autopay.on}
          disabled={set.isPending}
          onCheckedChange={(on) =>
            set.mutate(on, {
              onSuccess: () => notify.success(on ? 'Autopay is on' : 'Autopay is off'),
              onError: (error) => notify.error('Error', serverMessageOr(error, 'We could not change autopay. Please try again.')),
            })
          }
        />
      </div>
      <p id={noteId} className="text-sm text-muted-foreground">
        {autopay.on && next
          ? `On. Next debit: ${formatCents(next.amountCents)} on ${formatDate(next.debitOn)}${next.debitOn !== next.dueOn ? ` (due ${formatDate(next.dueOn)}: the bank's business day before)` : ''}.`
          : "Off. Turn it on to pay each month's charge on its due date (the business day before, when it falls on a weekend or bank holiday)."}
      </p>
    </div>
  );
}
