import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ComponentProps, type ReactNode, useId } from 'react';
import { useBlocker } from 'react-router';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { settingsSchema, type AppSettings } from '../../../../domain/admin/settings';
import { stateName } from '../../../../domain/admin/states';
import { LOCATION_REGIONS } from '../../../../domain/calculators';
import { statusEmailsHelp } from '../../../../domain/admin/status-mail';
import { APPLICATION_STATUS_LABELS } from '../../../../domain/application/status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useSaveSettings } from './settings-api';

type FormValues = z.input<typeof settingsSchema>;

/** The settings toasts (docs/product/back-office.md#messages). */
const SAVED = { title: 'Settings Saved', description: 'Application settings have been updated successfully.' } as const;
const SAVE_FAILED = 'Failed to save settings. Please try again.';
const LEAVE_UNSAVED = 'You have unsaved changes. Leave this page and lose them?';

const NUMBER_FIELDS = [
  'mortgageRateDefault',
  'propertyTaxRateDefault',
  'insuranceRateDefault',
  'hoaDefault',
  'comparisonHorizonDefault',
  'transferFeeConfig.amount',
  'graceDays',
  'lateFee.amount',
  ...LOCATION_REGIONS.flatMap((region) => [`regionRates.${region}.propertyTaxRate` as const, `regionRates.${region}.insuranceRate` as const]),
] as const;
const FIELDS: FieldPath<FormValues>[] = [
  ...NUMBER_FIELDS,
  'transferFeeConfig.type',
  'lateFee.type',
  'statusEmails',
  'featureFlags.otp',
  'featureFlags.paymentsWebhooks',
  'featureFlags.eSign',
  'featureFlags.investorView',
];

/** An empty box is 'no number' (the schema says so), not 0. */
const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/** What each switch does today (docs/decisions/032-processor-payments.md, docs/decisions/033-signatures.md); two are only stored. */
const FEATURE_FLAGS = [
  { name: 'featureFlags.otp', label: 'One-time passcodes (OTP)', help: 'Stored for an upcoming feature: switching it on changes nothing yet.' },
  {
    name: 'featureFlags.paymentsWebhooks',
    label: 'Payments webhooks',
    help: 'Homeowners add a bank account and pay by bank debit; staff retry and refund debits.',
  },
  {
    name: 'featureFlags.eSign',
    label: 'E-signatures',
    help: 'Agreements, payment-change addenda, 60-day notices and letters of intent are signed in the portal.',
  },
  { name: 'featureFlags.investorView', label: 'Investor view', help: 'Stored for an upcoming feature: switching it on changes nothing yet.' },
] as const;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-t border-border pt-6 first:border-t-0 first:pt-0">
      <div>
        <h3 className="text-base font-semibold">{title}</h3>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function CheckboxRow({ label, help, ...props }: { label: string; help?: string } & ComponentProps<typeof Checkbox>) {
  const helpId = useId();
  return (
    <div className="py-1">
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <Checkbox className="mt-0.5" aria-describedby={help ? helpId : undefined} {...props} />
        <span className="text-[0.9375rem]">{label}</span>
      </label>
      {help && (
        <p id={helpId} className="-mt-2 pl-8 text-sm text-muted-foreground">
          {help}
        </p>
      )}
    </div>
  );
}

/**
 * 'Application Settings' (docs/product/back-office.md#settings):
 * validated with the server's schema, saved with PUT /api/admin/settings. A
 * failed save keeps what was typed.
 */
export function SettingsForm({ initial }: { initial: AppSettings }) {
  const { register, handleSubmit, formState, setError, reset, watch, getFieldState } = useForm<FormValues, unknown, AppSettings>({
    resolver: zodResolver(settingsSchema),
    defaultValues: initial,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, FIELDS);
  const save = useSaveSettings();
  const { errors, isSubmitting, isDirty } = formState;
  const feeType = watch('transferFeeConfig.type');
  const lateFeeType = watch('lateFee.type');
  const number = (name: (typeof NUMBER_FIELDS)[number]) => register(name, { setValueAs: asNumber });

  // docs/product/back-office.md#settings: leaving with unsaved changes asks first — another back-office page, or closing the tab.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !isSubmitting && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_UNSAVED)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);

  const onValid = async (values: AppSettings) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      notify.success(SAVED.title, SAVED.description);
    } catch (error) {
      // A field's error goes under its field; the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, SAVE_FAILED));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Application Settings</CardTitle>
        <CardDescription>The public calculators start from these values on their next page load.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-6" aria-label="Application settings">
          <LiveRegion announcer={announcer} />
          <Section title="Default Rates" description="The starting rates of the affordability and comparison calculators.">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label="Mortgage rate (%)" error={errors.mortgageRateDefault?.message}>
                <Input type="number" inputMode="decimal" step="0.1" min="0" max="30" className="tabular" {...number('mortgageRateDefault')} />
              </Field>
              <Field label="Property tax (%)" error={errors.propertyTaxRateDefault?.message}>
                <Input type="number" inputMode="decimal" step="0.1" min="0" max="30" className="tabular" {...number('propertyTaxRateDefault')} />
              </Field>
              <Field label="Insurance (%)" error={errors.insuranceRateDefault?.message}>
                <Input type="number" inputMode="decimal" step="0.1" min="0" max="30" className="tabular" {...number('insuranceRateDefault')} />
              </Field>
              <Field label="HOA dues ($ a month)" error={errors.hoaDefault?.message}>
                <Input type="number" inputMode="numeric" step="1" min="0" className="tabular" {...number('hoaDefault')} />
              </Field>
              <Field label="Comparison horizon (years)" help="Years to Display on the comparison, 1 to 10." error={errors.comparisonHorizonDefault?.message}>
                <Input type="number" inputMode="numeric" step="1" min="1" max="10" className="tabular" {...number('comparisonHorizonDefault')} />
              </Field>
            </div>
          </Section>

          <Section
            title="Regional rates"
            description="Choosing a region on the How Much Home Can I Afford calculator fills in these yearly rates, as a percent of the price. Visitors can still change them."
          >
            {/* Fixed layout: the columns share the width, so with text enlarged the fields narrow rather than push the page sideways. */}
            <table className="w-full table-fixed border-collapse text-sm">
              <caption className="sr-only">Property tax and insurance by region</caption>
              <thead>
                <tr className="border-b border-border text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  <th scope="col" className="py-2 pr-3">
                    Region
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Property tax (%)
                  </th>
                  <th scope="col" className="py-2 pl-2">
                    Insurance (%)
                  </th>
                </tr>
              </thead>
              <tbody>
                {LOCATION_REGIONS.map((region) => {
                  const name = stateName(region);
                  const rowErrors = errors.regionRates?.[region];
                  return (
                    <tr key={region} className="border-b border-border/60 align-top last:border-0">
                      <th scope="row" className="py-3 pr-3 text-left font-medium">
                        {name}
                      </th>
                      <td className="px-2 py-2">
                        <Field label={<span className="sr-only">{`${name} property tax (%)`}</span>} error={rowErrors?.propertyTaxRate?.message}>
                          <Input
                            type="number"
                            inputMode="decimal"
                            step="0.01"
                            min="0"
                            max="30"
                            className="tabular"
                            {...number(`regionRates.${region}.propertyTaxRate`)}
                          />
                        </Field>
                      </td>
                      <td className="py-2 pl-2">
                        <Field label={<span className="sr-only">{`${name} insurance (%)`}</span>} error={rowErrors?.insuranceRate?.message}>
                          <Input
                            type="number"
                            inputMode="decimal"
                            step="0.01"
                            min="0"
                            max="30"
                            className="tabular"
                            {...number(`regionRates.${region}.insuranceRate`)}
                          />
                        </Field>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Section>

          <Section title="Transfer fee" description="Stored for the upcoming transfer flow; no page reads it yet.">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label="Fee type" error={errors.transferFeeConfig?.type?.message}>
                <NativeSelect {...register('transferFeeConfig.type')}>
                  <option value="percentage">Percentage of the price</option>
                  <option value="fixed">Fixed amount</option>
                </NativeSelect>
              </Field>
              <Field label={feeType === 'fixed' ? 'Fee amount ($)' : 'Fee amount (%)'} error={errors.transferFeeConfig?.amount?.message}>
                <Input type="number" inputMode="decimal" step="0.01" min="0" className="tabular" {...number('transferFeeConfig.amount')} />
              </Field>
            </div>
          </Section>

          <Section title="Late fees" description="A month's charge not paid in full by its due date plus the grace period gets one late fee.">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Field label="Grace period (days)" help="0 to 28 calendar days after the due date." error={errors.graceDays?.message}>
                <Input type="number" inputMode="numeric" step="1" min="0" max="28" className="tabular" {...number('graceDays')} />
              </Field>
              <Field label="Late fee type" error={errors.lateFee?.type?.message}>
                <NativeSelect {...register('lateFee.type')}>
                  <option value="percentage">Percentage of what is unpaid</option>
                  <option value="fixed">Fixed amount</option>
                </NativeSelect>
              </Field>
              <Field label={lateFeeType === 'fixed' ? 'Late fee ($)' : 'Late fee (%)'} error={errors.lateFee?.amount?.message}>
                <Input type="number" inputMode="decimal" step="0.01" min="0" className="tabular" {...number('lateFee.amount')} />
              </Field>
            </div>
          </Section>

          <Section title="Notifications">
            <CheckboxRow label="E-mail applicants when their status changes" help={statusEmailsHelp(APPLICATION_STATUS_LABELS)} {...register('statusEmails')} />
          </Section>

          <Section title="Feature flags">
            <fieldset className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              <legend className="sr-only">Feature flags</legend>
              {FEATURE_FLAGS.map((flag) => (
                <CheckboxRow key={flag.name} label={flag.label} help={flag.help} {...register(flag.name)} />
              ))}
            </fieldset>
          </Section>

          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Settings'}
            </Button>
            {isDirty && !isSubmitting && <p className="text-sm text-muted-foreground">You have unsaved changes.</p>}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
