import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { exitQuotesApi } from '../../../../domain/api/exit-quotes';
import { formatCents, formatDate } from '../../../../domain/format';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import { quoteLineTexts } from '../../../../domain/homes/exit-quote-text';
import { disputeAnswerSchema, EXIT_WAY_LABELS, MAX_DISPUTE_LENGTH, type ExitQuoteView } from '../../../../domain/homes/exit-quotes';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/load-error';
import { callApi, hrefOf } from '../../../lib/call-api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StaffWithdraw } from './home-exit-quote-withdraw';
import { HomeSection } from './home-section';

const staffDocumentHref = (id: string) => hrefOf(exitQuotesApi.staffDisputeDocument, { params: { id } });

/**
 * Staff's side of a home's exit quotes (docs/decisions/034-exit-quotes.md), in the home's record: quotes waiting for
 * a valuation (record one above: it issues them), disputes to answer, accepted quotes with their move dates, and
 * completion behind a confirmation showing the final figures, the dispute's documents and staff's withdrawal (docs/decisions/040-exit-quote-completion.md). Under the homes' key, so recording a valuation refreshes it.
 */

const quotesOfHome = (homeId: string) =>
  queryOptions({
    queryKey: ['admin', 'homes', homeId, 'exit-quotes'] as const,
    queryFn: ({ signal }) => callApi(exitQuotesApi.ofHome, { params: { id: homeId } }, { signal }),
    staleTime: 0,
  });

function useStaffAction<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'homes'] }) });
}

function AnswerForm({ quote }: { quote: ExitQuoteView }) {
  const answer = useStaffAction((text: string) => callApi(exitQuotesApi.answer, { params: { id: quote.id }, body: { answer: text } }));
  const { register, handleSubmit, formState } = useForm<z.input<typeof disputeAnswerSchema>, unknown, z.output<typeof disputeAnswerSchema>>({
    resolver: zodResolver(disputeAnswerSchema),
    defaultValues: { answer: '' },
  });
  return (
    <form
      noValidate
      aria-label="Answer the dispute"
      className="flex flex-col gap-2"
      onSubmit={handleSubmit(async ({ answer: text }) => {
        try {
          await answer.mutateAsync(text);
          notify.success('Answer sent');
        } catch (error) {
          notify.error('Error', failureText(error, 'Failed to answer'));
        }
      })}
    >
      <Field
        label="Keep the valuation: your reason"
        required
        help="The homeowner reads it. To change the valuation, record an appraisal above instead."
        error={formState.errors.answer?.message}
      >
        <Textarea rows={2} maxLength={MAX_DISPUTE_LENGTH} {...register('answer')} />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={answer.isPending}>
        Send answer
      </Button>
    </form>
  );
}

function Complete({ quote }: { quote: ExitQuoteView }) {
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    queryKey: ['admin', 'homes', 'exit-quote', quote.id, 'completion'],
    queryFn: ({ signal }) => callApi(exitQuotesApi.completion, { params: { id: quote.id } }, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const complete = useStaffAction(() => callApi(exitQuotesApi.complete, { params: { id: quote.id }, body: { confirm: true } }));
  return (
    <>
      <Button onClick={() => setOpen(true)}>Complete…</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Complete: ${EXIT_WAY_LABELS[quote.kind]}?`}
        confirmLabel="Complete and close the home"
        pending={complete.isPending}
        onConfirm={() =>
          complete.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              notify.success('Completed', 'The home is closed and the final statement is on its way.');
            },
            onError: (error) => notify.error('Error', failureText(error, 'Failed to complete')),
          })
        }
      >
        {preview.data ? (
          <div className="flex flex-col gap-2">
            <p>Final figures on {formatDate(preview.data.completedOn)}: the locked valuation and fee, with the ledger of today.</p>
            {preview.data.reason && <p className="font-semibold text-destructive">{preview.data.reason}</p>}
            <table className="w-full text-sm">
              <tbody>
                {quoteLineTexts(quote.kind, preview.data.lines, quote.transferFee).map((line) => (
                  <tr key={line.label}>
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {line.strong ? <strong>{line.label}</strong> : line.label}
                    </th>
                    <td className="py-1 text-right tabular">{line.cents === null ? '' : formatCents(line.cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : preview.error ? (
          <p>{failureText(preview.error, 'Could not compute the final figures')}</p>
        ) : (
          <Skeleton className="h-32 w-full" />
        )}
      </ConfirmDialog>
    </>
  );
}

export function ExitQuotesSection({ home }: { home: HomeDetail }) {
  const quotes = useQuery(quotesOfHome(home.id));
  return (
    <HomeSection title="Exit quotes">
      {quotes.data ? (
        quotes.data.quotes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exit quote asked for.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {quotes.data.quotes.map((quote) => (
              <li key={quote.id} className="flex flex-col gap-2 border-b border-border pb-3 last:border-0">
                <p className="text-[0.9375rem]">
                  <span className="font-semibold">{EXIT_WAY_LABELS[quote.kind]}</span> — {quote.state}
                  {quote.totalCents !== null && `, ${formatCents(quote.totalCents)}`}
                  {quote.moveDate && `, move date ${formatDate(quote.moveDate)}`}
                  {quote.state === 'valuing' && quote.expectedBy && `: record a valuation (promised by ${formatDate(quote.expectedBy)})`}
                </p>
                {quote.dispute && <p className="text-sm">Dispute: {quote.dispute.reason}</p>}
                {quote.dispute && quote.dispute.documents.length > 0 && (
                  <ul aria-label="Documents sent with the dispute" className="flex flex-col gap-1 text-sm">
                    {quote.dispute.documents.map((document) => (
                      <li key={document.id}>
                        <a className="font-semibold text-primary underline-offset-4 hover:underline" href={staffDocumentHref(document.id)} download>
                          {document.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {quote.state === 'disputed' && <AnswerForm quote={quote} />}
                {quote.state === 'accepted' && <Complete quote={quote} />}
                {quote.staffCanWithdraw && <StaffWithdraw quote={quote} address={home.address} />}
              </li>
            ))}
          </ul>
        )
      ) : quotes.error ? (
        <LoadError layout="inline" message="Could not load the exit quotes." onRetry={() => void quotes.refetch()} />
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
    </HomeSection>
  );
}
