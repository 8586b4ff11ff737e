import { z } from 'zod';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { AdminApplicationDetail } from '../../../../domain/admin/applications';
import { adminApplicationsApi } from '../../../../domain/api/admin-applications';
import {
  monthlyRangeText,
  PRE_APPROVAL_VALID_DAYS,
  preApprovalExpiresOn,
  preApprovalLetterFileName,
  preApprovalTermsSchema,
  type PreApprovalTerms,
} from '../../../../domain/application/pre-approval';
import { formatCents, formatDate } from '../../../../domain/format';
import { centsToDollarsText, dollarsToCents } from '../../../../domain/homes/admin-homes';
import { ledgerToday } from '../../../../domain/homes/dates';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/number-input';
import { typedNumber } from '../../../lib/form-schemas';
import { hrefOf } from '../../../lib/call-api';
import { useRenewPreApproval } from './applications-api';

const shape = preApprovalTermsSchema.shape;
/** The API's field (cents) → the form's (dollars). */
export const PRE_APPROVAL_FORM_FIELD = {
  maxPriceCents: 'maxPrice',
  monthlyMinCents: 'monthlyMin',
  monthlyMaxCents: 'monthlyMax',
  downPaymentCents: 'downPayment',
} as const;
type FormField = (typeof PRE_APPROVAL_FORM_FIELD)[keyof typeof PRE_APPROVAL_FORM_FIELD];

const dollars = (label: string, example: string) => ({ invalid: `Enter the ${label} in dollars, e.g. ${example}.`, empty: `Enter the ${label}.` });

/**
 * The pre-approval as the approval's confirmation holds it: amounts typed in dollars, checked by the
 * contract's own schema once each reads (the 2 % floor under the down payment, in the server's words).
 */
export const preApprovalFormSchema = z
  .object({
    maxPrice: typedNumber(dollarsToCents, dollars('maximum home price', '500000'), shape.maxPriceCents),
    monthlyMin: typedNumber(dollarsToCents, dollars('lowest monthly payment', '2760'), shape.monthlyMinCents),
    monthlyMax: typedNumber(dollarsToCents, dollars('highest monthly payment', '3530'), shape.monthlyMaxCents),
    downPayment: typedNumber(dollarsToCents, dollars('down payment', '10000'), shape.downPaymentCents),
  })
  .transform((v, ctx): PreApprovalTerms => {
    const checked = preApprovalTermsSchema.safeParse({
      maxPriceCents: v.maxPrice,
      monthlyMinCents: v.monthlyMin,
      monthlyMaxCents: v.monthlyMax,
      downPaymentCents: v.downPayment,
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0]) as keyof typeof PRE_APPROVAL_FORM_FIELD;
      ctx.addIssue({ code: 'custom', path: [PRE_APPROVAL_FORM_FIELD[name] ?? name], message: issue.message });
    }
    return z.NEVER;
  });
export type PreApprovalForm = z.input<typeof preApprovalFormSchema>;

/** The form's first values: the suggestion from the applicant's own figures, or blank fields. */
export function preApprovalFormDefaults(detail: AdminApplicationDetail): PreApprovalForm {
  const s = detail.preApprovalSuggestion;
  const text = (cents: number | undefined) => (cents !== undefined && cents > 0 ? centsToDollarsText(cents) : '');
  return {
    maxPrice: text(s?.maxPriceCents),
    monthlyMin: text(s?.monthlyMinCents),
    monthlyMax: text(s?.monthlyMaxCents),
    downPayment: s ? centsToDollarsText(s.downPaymentCents) : '',
  };
}

/** The approval's terms, inside the 'Change the status to Approved?' confirmation (docs/product/back-office.md#pre-approval). */
export function PreApprovalFields({
  detail,
  register,
  errors,
}: {
  detail: AdminApplicationDetail;
  register: UseFormRegister<PreApprovalForm>;
  errors: FieldErrors<PreApprovalForm>;
}) {
  const field = (name: FormField, label: string, help?: string) => (
    <Field label={label} required error={errors[name]?.message} help={help}>
      <NumberInput prefix="$" {...register(name)} />
    </Field>
  );
  return (
    <fieldset className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Pre-approval</legend>
      <p className="text-muted-foreground">
        {detail.preApprovalSuggestion
          ? 'Suggested from the applicant’s own income, debts and down payment. Change any figure before approving.'
          : 'The applicant’s figures give no suggestion (no income, or debts above 43 %): enter the terms.'}{' '}
        Valid {PRE_APPROVAL_VALID_DAYS} days, until {formatDate(preApprovalExpiresOn(ledgerToday()))}.
      </p>
      {field('maxPrice', 'Maximum home price')}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field('monthlyMin', 'Lowest monthly payment')}
        {field('monthlyMax', 'Highest monthly payment')}
      </div>
      {field('downPayment', 'Down payment', 'At least 2 % of the maximum home price.')}
    </fieldset>
  );
}

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/** The approved application's current pre-approval in the review dialog: its terms and dates, the letter, and Renew. */
export function PreApprovalPanel({ detail }: { detail: AdminApplicationDetail }) {
  const renew = useRenewPreApproval(detail.id);
  const p = detail.preApproval;
  if (!p) return null;
  return (
    <section className="rounded-[var(--radius-control)] border border-border p-4 text-sm" aria-labelledby={`pre-approval-${detail.id}`}>
      <h3 id={`pre-approval-${detail.id}`} className="flex flex-wrap items-center gap-2 font-semibold text-foreground">
        Pre-approval
        {p.expired ? <Badge variant="destructive">Expired</Badge> : <Badge variant="success">Valid</Badge>}
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Maximum home price</dt>
        <dd className="font-medium tabular">{formatCents(p.maxPriceCents)}</dd>
        <dt className="text-muted-foreground">Monthly payment</dt>
        <dd className="font-medium tabular">{monthlyRangeText(p)}</dd>
        <dt className="text-muted-foreground">Down payment</dt>
        <dd className="font-medium tabular">{formatCents(p.downPaymentCents)}</dd>
        <dt className="text-muted-foreground">Issued</dt>
        <dd className="font-medium">
          {formatDate(p.issuedOn)}
          {p.issuedBy ? ` by ${p.issuedBy}` : ''}
          {p.renewedOn ? `; renewed ${formatDate(p.renewedOn)} (${p.renewals} ${p.renewals === 1 ? 'time' : 'times'})` : ''}
        </dd>
        <dt className="text-muted-foreground">{p.expired ? 'Expired' : 'Valid until'}</dt>
        <dd className="font-medium">{formatDate(p.expiresOn)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {!p.expired && (
          <a
            className={link}
            href={hrefOf(adminApplicationsApi.preApprovalLetter, { params: { id: detail.id } })}
            download={preApprovalLetterFileName(p.issuedOn)}
          >
            Download the letter
          </a>
        )}
        <Button variant="outline" size="sm" disabled={renew.isPending} onClick={() => renew.mutate()}>
          {renew.isPending ? 'Renewing...' : `Renew for ${PRE_APPROVAL_VALID_DAYS} days`}
        </Button>
      </div>
    </section>
  );
}
