import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatCents } from '../../../../domain/format';
import { feeWaiverDecisionSchema, MAX_WAIVER_REASON_LENGTH, type PendingFeeWaiver } from '../../../../domain/homes/fees';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api';
import { localDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { feeWaiversQuery, useDecideFeeWaiver } from './payments-api';

/**
 * 'Late-fee waiver requests' on /admin/payments (src/domain/api/home-fees.ts): a homeowner's request after their
 * first in 12 months waits here; staff grant (the fee is reversed) or refuse, with a reason the homeowner reads.
 * Nothing shows when none waits.
 */

type DecisionInput = z.input<typeof feeWaiverDecisionSchema>;

function Request({ request }: { request: PendingFeeWaiver }) {
  const decide = useDecideFeeWaiver();
  const [deciding, setDeciding] = useState<'grant' | 'refuse' | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<DecisionInput, unknown, z.output<typeof feeWaiverDecisionSchema>>({
    resolver: zodResolver(feeWaiverDecisionSchema),
    defaultValues: { reason: '' },
  });
  const onValid = async ({ reason }: z.output<typeof feeWaiverDecisionSchema>) => {
    try {
      await decide.mutateAsync({ id: request.id, grant: deciding === 'grant', reason });
      notify.success(deciding === 'grant' ? 'Late fee waived' : 'Waiver refused');
    } catch (error) {
      if (error instanceof ApiError && error.fields?.reason) setError('reason', { type: 'server', message: error.fields.reason }, { shouldFocus: true });
      else notify.error('Error', error instanceof ApiError && error.status === 409 ? error.message : failureText(error, 'Failed to decide the request'));
    }
  };
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0">
      <p className="text-sm [overflow-wrap:anywhere]">
        <span className="font-semibold">{request.homeownerName}</span>, {request.address}: late fee of {formatCents(request.amountCents)} for month{' '}
        {request.month} (entry {request.feeSeq}), asked {localDate(request.createdAt)}.
      </p>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Their reason: {request.reason}</p>
      {deciding ? (
        <form
          noValidate
          aria-label={deciding === 'grant' ? 'Grant the waiver' : 'Refuse the waiver'}
          className="flex flex-col gap-3 rounded-[var(--radius-control)] bg-muted/50 p-3"
          onSubmit={handleSubmit(onValid)}
        >
          <Field
            label={deciding === 'grant' ? 'Note to the homeowner' : 'Reason for refusing'}
            required
            help="The homeowner reads it."
            error={formState.errors.reason?.message}
          >
            <Textarea rows={2} maxLength={MAX_WAIVER_REASON_LENGTH} {...register('reason')} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant={deciding === 'grant' ? 'default' : 'destructive'} disabled={decide.isPending}>
              {deciding === 'grant' ? 'Waive the fee' : 'Refuse the waiver'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                reset({ reason: '' });
                setDeciding(null);
              }}
            >
              Back
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDeciding('grant')}>
            Grant…
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeciding('refuse')}>
            Refuse…
          </Button>
        </div>
      )}
    </li>
  );
}

export function FeeWaiverRequests() {
  const waivers = useQuery(feeWaiversQuery);
  if (waivers.isError) return <LoadError layout="inline" message="The waiver requests could not be loaded." onRetry={() => void waivers.refetch()} />;
  if (!waivers.data || waivers.data.items.length === 0) return null;
  return (
    <section aria-labelledby="fee-waivers-title" className="flex flex-col gap-2">
      <h2 id="fee-waivers-title" className="text-lg font-semibold">
        Late-fee waiver requests ({waivers.data.items.length})
      </h2>
      <Card className="px-4 py-1">
        <ul>
          {waivers.data.items.map((request) => (
            <Request key={request.id} request={request} />
          ))}
        </ul>
      </Card>
    </section>
  );
}
