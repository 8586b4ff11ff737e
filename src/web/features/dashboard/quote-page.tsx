import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileSignature, FileText } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatCents, formatDate } from '../../../domain/format';
import { howToCheck, quoteLineTexts, quoteTitle } from '../../../domain/homes/exit-quote-text';
import { acceptQuoteSchema, MAX_DISPUTE_LENGTH, withdrawQuoteSchema, type ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { addDays } from '../../../domain/ledger/dates';
import { ledgerToday } from '../../../domain/homes/dates';
import { NOTICE_DAYS } from '../../../domain/homes/states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/load-error';
import { applyServerFieldErrors, failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { finalStatementHref, quotePdfHref, quoteQuery, useAcceptQuote, useWithdrawQuote } from './exit-api';
import { QuoteCheckPanel } from './quote-check';
import { DisputeForm, DisputeSent } from './quote-dispute';
import { WAYS_OUT_PATH } from './exit-paths';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/** The lines of a quote as a table: every line of the model, the total in bold. */
function Lines({ quote, final }: { quote: ExitQuoteView; final?: boolean }) {
  const lines = final ? quote.finalLines : quote.lines;
  if (!lines) return null;
  return (
    <table className="w-full text-[0.9375rem]">
      <caption className="sr-only">{final ? 'Final figures' : 'The lines of your quote'}</caption>
      <tbody className="divide-y divide-border">
        {quoteLineTexts(quote.kind, lines, quote.transferFee).map((line) => (
          <tr key={line.label} className={line.strong ? 'font-semibold' : undefined}>
            <th scope="row" className="py-2 pr-4 text-left font-normal">
              {line.strong ? <strong>{line.label}</strong> : line.label}
            </th>
            <td className="py-2 text-right tabular">{line.cents === null ? '' : formatCents(line.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const acceptFormSchema = acceptQuoteSchema.extend({ confirm: z.boolean().refine((v) => v, 'Confirm that you accept this quote.') });

function AcceptForm({ quote }: { quote: ExitQuoteView }) {
  const accept = useAcceptQuote(quote.id);
  const earliest = addDays(ledgerToday(), NOTICE_DAYS);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof acceptFormSchema>, unknown, z.output<typeof acceptFormSchema>>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { moveDate: '', confirm: false },
  });
  const onValid = async ({ moveDate }: z.output<typeof acceptFormSchema>) => {
    try {
      const accepted = await accept.mutateAsync(moveDate);
      if (accepted.state === 'signing') notify.success('Sign your acceptance', 'The quote is accepted once you have signed it.');
      else notify.success('Quote accepted', 'Your 60-day notice has started.');
    } catch (failure) {
      if (applyServerFieldErrors(failure, setError, ['moveDate', 'confirm'])) return;
      notify.error('Error', failureText(failure, 'Failed to accept your quote'));
    }
  };
  return (
    <form noValidate aria-label="Accept this quote" className="flex flex-col gap-3" onSubmit={handleSubmit(onValid)}>
      <h2 className="text-lg font-semibold">Accept this quote</h2>
      <p className="text-sm text-muted-foreground">
        Accepting locks the valuation and the fee and starts your {NOTICE_DAYS}-day notice. Arrears and credit are taken from your ledger on the move date.
        {quote.acceptanceSigned && ' You then sign your acceptance, with its move date, in your portal: the quote is accepted once you have signed it.'}
      </p>
      <Field label="Move date" required help={`${formatDate(earliest)} or later.`} error={formState.errors.moveDate?.message}>
        <Input type="date" min={earliest} className="sm:max-w-56" {...register('moveDate')} />
      </Field>
      <label className="flex min-h-11 items-center gap-3 text-[0.9375rem]">
        <Checkbox aria-invalid={formState.errors.confirm ? true : undefined} {...register('confirm')} />I accept this quote and give my {NOTICE_DAYS}-day
        notice.
      </label>
      {formState.errors.confirm && <p className="text-sm font-medium text-destructive">{formState.errors.confirm.message}</p>}
      <Button type="submit" className="self-start" disabled={accept.isPending}>
        {quote.acceptanceSigned ? 'Accept and sign' : 'Accept quote'}
      </Button>
    </form>
  );
}

function WithdrawForm({ quote }: { quote: ExitQuoteView }) {
  const withdraw = useWithdrawQuote(quote.id);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof withdrawQuoteSchema>, unknown, z.output<typeof withdrawQuoteSchema>>({
    resolver: zodResolver(withdrawQuoteSchema),
    defaultValues: { reason: '' },
  });
  const onValid = async ({ reason }: z.output<typeof withdrawQuoteSchema>) => {
    try {
      await withdraw.mutateAsync(reason);
      notify.success('Quote withdrawn', 'Your agreement continues as before.');
    } catch (failure) {
      if (applyServerFieldErrors(failure, setError, ['reason'])) return;
      notify.error('Error', failureText(failure, 'Failed to withdraw'));
    }
  };
  return (
    <form noValidate aria-label="Withdraw" className="flex flex-col gap-3" onSubmit={handleSubmit(onValid)}>
      <h2 className="text-lg font-semibold">Withdraw</h2>
      <p className="text-sm text-muted-foreground">Until 14 days before your move date you can withdraw this quote and its notice.</p>
      <Field label="Your reason" required error={formState.errors.reason?.message}>
        <Textarea rows={2} maxLength={MAX_DISPUTE_LENGTH} {...register('reason')} />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={withdraw.isPending}>
        Withdraw quote
      </Button>
    </form>
  );
}

function Quote({ quote }: { quote: ExitQuoteView }) {
  if (quote.state === 'valuing') {
    return (
      <Alert variant="info">
        We are valuing your home; expect your quote by {quote.expectedBy ? formatDate(quote.expectedBy) : 'a few business days from now'}. We will e-mail you
        when it is ready.
      </Alert>
    );
  }
  const total = quote.totalCents ?? 0;
  return (
    <div className="flex flex-col gap-6">
      {quote.expired && <Alert variant="warning">This quote expired on {formatDate(quote.validUntil!)}. Ask for a new one from your home page.</Alert>}
      {quote.state === 'disputed' && (
        <Alert variant="info">You disputed the valuation. Our staff will record a new valuation or answer you; we will e-mail you.</Alert>
      )}
      {quote.state === 'superseded' && <Alert variant="info">A new valuation replaced this quote; the new quote is on your home page.</Alert>}
      {quote.dispute?.answer && quote.state !== 'superseded' && <Alert variant="info">Our answer to your dispute: {quote.dispute.answer}</Alert>}
      {quote.signing && !quote.signing.expired && (
        <Alert variant="warning">
          <p className="font-semibold">Waiting for your signature</p>
          <p>
            You accepted this quote with the move date {formatDate(quote.moveDate!)}. It is accepted — the valuation and the fee locked, your {NOTICE_DAYS}-day
            notice started — once you have signed your acceptance, by the end of {formatDate(ledgerToday(new Date(Date.parse(quote.signing.until) - 1)))}.{' '}
            <Link className={link} to={`/sign?envelope=${quote.signing.envelopeId}`}>
              <FileSignature aria-hidden="true" className="mr-1 inline size-4" />
              Review and sign
            </Link>
          </p>
        </Alert>
      )}
      {quote.signatureNote && quote.canAccept && <Alert variant="warning">{quote.signatureNote}</Alert>}
      {quote.state === 'accepted' && quote.moveDate && (
        <Alert variant="success">You accepted this quote. Your move date is {formatDate(quote.moveDate)}; the valuation and the fee are locked.</Alert>
      )}
      <Card className="p-6">
        <p className="text-sm text-muted-foreground">{quote.kind === 'buy_out' ? 'Buy-out price' : total < 0 ? 'You would owe' : 'Payout'}</p>
        <p className="text-3xl font-bold tracking-tight tabular" data-testid="quote-total">
          {formatCents(Math.abs(total))}
        </p>
        {quote.valuation && (
          <p className="mt-2 text-[0.9375rem]">
            Valuation: {formatCents(quote.valuation.valueCents)} ({quote.valuation.sourceLabel}, {formatDate(quote.valuation.valuedOn)}). Quote day{' '}
            {formatDate(quote.quotedOn!)}, valid until {formatDate(quote.validUntil!)}.
          </p>
        )}
        <div className="mt-4">
          <Lines quote={quote} />
        </div>
        <p className="mt-4 text-sm break-all text-muted-foreground">
          Your ledger’s last entry used: #{quote.headSeq}, hash {quote.headHash}
        </p>
        <a className={`${link} mt-3 inline-flex items-center gap-2`} href={quotePdfHref(quote.id)} download>
          <FileText aria-hidden="true" className="size-4" /> Download the quote (PDF)
        </a>
      </Card>
      {quote.state === 'completed' && quote.finalLines && (
        <Card className="p-6" data-testid="final-statement">
          <h2 className="mb-2 text-lg font-semibold">Final statement, {formatDate(quote.completedOn!)}</h2>
          <Lines quote={quote} final />
          <p className="mt-3 text-[0.9375rem] font-semibold">
            {quote.kind === 'buy_out'
              ? `Buy-out price ${formatCents(quote.finalTotalCents ?? 0)}: paid.`
              : (quote.finalTotalCents ?? 0) >= 0
                ? `Payout ${formatCents(quote.finalTotalCents ?? 0)}: paid on ${formatDate(quote.completedOn!)}.`
                : `The final figures left ${formatCents(-(quote.finalTotalCents ?? 0))} owed; we will contact you about it.`}
          </p>
          <a className={`${link} mt-3 inline-flex items-center gap-2`} href={finalStatementHref(quote.id)} download>
            <FileText aria-hidden="true" className="size-4" /> Download the final statement (PDF)
          </a>
        </Card>
      )}
      {quote.dispute && quote.state !== 'superseded' && (
        <Card className="p-6">
          <DisputeSent quote={quote} />
        </Card>
      )}
      <Card className="p-6">
        <h2 className="mb-2 text-lg font-semibold">How to check this</h2>
        <ol className="list-decimal space-y-2 pl-5 text-[0.9375rem]">
          {howToCheck(quote).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <QuoteCheckPanel quote={quote} />
      </Card>
      {quote.canAccept && (
        <Card className="p-6">
          <AcceptForm quote={quote} />
        </Card>
      )}
      {quote.canDispute && (
        <Card className="p-6">
          <DisputeForm quote={quote} />
        </Card>
      )}
      {quote.canWithdraw && (
        <Card className="p-6">
          <WithdrawForm quote={quote} />
        </Card>
      )}
    </div>
  );
}

/** /dashboard/home/quotes/:id — one exit quote with every line, its PDF and what the homeowner may do with it. */
export default function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuery(quoteQuery(id));
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <Button asChild variant="link" className="-ml-1 px-1">
          <Link to={WAYS_OUT_PATH}>
            <ArrowLeft aria-hidden="true" /> My home
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">{quote.data ? quoteTitle(quote.data.kind) : 'Exit quote'}</h1>
      </div>
      {quote.data ? (
        <Quote quote={quote.data} />
      ) : quote.error ? (
        <LoadError message="We could not load this quote." detail={quote.error.message} onRetry={() => void quote.refetch()} />
      ) : (
        <Skeleton className="h-72 w-full" />
      )}
    </div>
  );
}
