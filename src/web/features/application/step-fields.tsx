import { useWatch } from 'react-hook-form';
import { assetsTotal, debtsTotal, fieldsOfStep, isFieldShown, type ApplicationField, type StepId } from '../../../domain/application';
import { formatMoneyCents } from '../../../domain/format';
import { FieldControl } from './field-control';
import { savableDraft, type ApplicationFormValues } from './form-values';
import { SensitiveField } from './sensitive-field';
import { useWizard, type SensitiveName } from './wizard-context';

/** Fields that take the whole row of the two-column grid. */
const WIDE = new Set(['personal.currentAddress', 'personal.email', 'employment.selfEmployed', 'assets.propertyAddress']);
const HOME_BLOCK = new Set(['assets.propertyAddress', 'assets.desiredPropertyValue', 'assets.downPayment']);

function Fields({ fields }: { fields: ApplicationField[] }) {
  const { selfEmployed } = useWizard();
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      {fields
        .filter((f) => isFieldShown(f, selfEmployed))
        .map((field) =>
          field.sensitive ? (
            <SensitiveField key={field.name} name={field.name.split('.')[1] as SensitiveName} />
          ) : (
            <FieldControl key={field.name} field={field} className={WIDE.has(field.name) ? 'sm:col-span-2' : undefined} />
          ),
        )}
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <dl className="mt-6 flex items-baseline justify-between gap-4 rounded-[var(--radius-control)] bg-primary-soft px-4 py-3">
      <dt className="font-medium">{label}</dt>
      <dd className="tabular text-lg font-semibold text-primary">{formatMoneyCents(value)}</dd>
    </dl>
  );
}

/** Personal Information, Employment & Income, Assets and Debts: rendered from the domain's field list. */
export function StepFields({ stepId }: { stepId: Exclude<StepId, 'consents' | 'documents'> }) {
  const values = useWatch<ApplicationFormValues>() as ApplicationFormValues;
  const { prefilled } = useWizard();
  const fields = fieldsOfStep(stepId);

  if (stepId === 'employment') {
    // The self-employed box first (it decides which fields are needed), then the business fields it shows.
    const box = fields.filter((f) => f.kind === 'checkbox');
    const business = fields.filter((f) => f.shownWhen === 'selfEmployed');
    return <Fields fields={[...box, ...business, ...fields.filter((f) => f.kind !== 'checkbox' && !f.shownWhen)]} />;
  }
  if (stepId === 'assets') {
    const draft = savableDraft(values).draft;
    return (
      <>
        <Fields fields={fields.filter((f) => !HOME_BLOCK.has(f.name))} />
        <Total label="Total Assets" value={assetsTotal(draft.assets)} />
        <section aria-labelledby="home-you-want" className="mt-8 border-t border-border pt-6">
          <h3 id="home-you-want" className="text-lg font-semibold">
            The home you want
          </h3>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">
            Optional. Tell us about the home you have in mind{prefilled ? ' — we filled in the price and down payment from the calculator' : ''}.
          </p>
          <Fields fields={fields.filter((f) => HOME_BLOCK.has(f.name))} />
        </section>
      </>
    );
  }
  if (stepId === 'debts') {
    const draft = savableDraft(values).draft;
    return (
      <>
        <p className="mb-5 text-[0.9375rem] text-muted-foreground">Your monthly payments. Leave a field empty if it does not apply.</p>
        <Fields fields={fields} />
        <Total label="Total Monthly Debt Payments" value={debtsTotal(draft.debts)} />
      </>
    );
  }
  return <Fields fields={fields} />;
}
