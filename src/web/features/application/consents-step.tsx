import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CONSENTS_RECORDED, CREDIT_PULL_CONSENT, E_CONSENT, fieldByName } from '../../../domain/application';
import { Alert } from '../../components/ui/alert';
import { Checkbox } from '../../components/ui/checkbox';
import { brand } from '../../lib/config';
import type { ApplicationFormValues } from './form-values';
import { useWizard } from './wizard-context';
import { localDateTime } from '../../lib/dates';

const fill = (text: string) => text.replaceAll('{brand}', brand.name).replaceAll('{email}', brand.contactEmail);

function Consent({ name, label, children }: { name: 'creditPull' | 'eConsent'; label: string; children: React.ReactNode }) {
  const { register } = useFormContext<ApplicationFormValues>();
  const { editable, errorOf } = useWizard();
  const field = fieldByName(`consents.${name}`)!;
  const error = errorOf(field.name);
  const headingId = `consent-${name}`;
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-control)] border border-border p-4 sm:p-5">
      <h3 id={headingId} className="font-semibold">
        {field.label}{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </h3>
      <div className="mt-2 text-sm leading-relaxed text-muted-foreground">{children}</div>
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 text-[0.9375rem] font-medium">
        <Checkbox
          className="mt-0.5"
          disabled={!editable}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${headingId}-error` : undefined}
          {...register(`consents.${name}`)}
        />
        <span>{fill(label)}</span>
      </label>
      {error && (
        <p id={`${headingId}-error`} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}

/** Consent & Disclosures (docs/product/application.md#consents: the soft credit inquiry and the E-SIGN disclosures). */
export function ConsentsStep() {
  const { view, saveNow } = useWizard();
  const [creditPull, eConsent] = useWatch<ApplicationFormValues>({ name: ['consents.creditPull', 'consents.eConsent'] });
  const both = creditPull === true && eConsent === true;
  // The server stamps the time when both are first ticked: save at once so the notice shows it.
  useEffect(() => {
    if (both && !view.consentedAt) saveNow();
  }, [both, view.consentedAt, saveNow]);

  return (
    <div className="flex flex-col gap-5">
      <Consent name="creditPull" label={CREDIT_PULL_CONSENT.label}>
        <p>{fill(CREDIT_PULL_CONSENT.text)}</p>
      </Consent>
      <Consent name="eConsent" label={E_CONSENT.label}>
        <p>Before you agree to receive records electronically, the E-SIGN Act entitles you to know:</p>
        <dl className="mt-3 flex flex-col gap-3">
          {E_CONSENT.disclosures.map((item) => (
            <div key={item.title}>
              <dt className="font-semibold text-foreground">{item.title}</dt>
              <dd>{fill(item.text)}</dd>
            </div>
          ))}
        </dl>
      </Consent>
      {view.consentedAt && (
        <Alert variant="success" role="status">
          <p className="font-semibold">{CONSENTS_RECORDED}</p>
          <p className="text-muted-foreground">
            <time dateTime={view.consentedAt}>{localDateTime(view.consentedAt)}</time>
          </p>
        </Alert>
      )}
    </div>
  );
}
