import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCents } from '../../../../domain/format';
import { dollarsToCents, MAX_VALUATION_NOTE, RECORDED_VALUATION_SOURCES, valuationSchema, type HomeDetail } from '../../../../domain/homes/admin-homes';
import { ledgerToday } from '../../../../domain/homes/dates';
import { VALUATION_SOURCE_LABELS } from '../../../../domain/homes/states';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { calendarDate } from '../../../lib/dates';
import { applyServerFieldErrors, failureText } from '../../../lib/form-errors';
import { typedNumber } from '../../../lib/form-schemas';
import { notify } from '../../../lib/toast';
import { NumberInput } from '../../../components/ui/number-input';
import { HomeSection, ScrollBox } from './home-section';
import { useRecordValuation } from './homes-api';

/**
 * The contract's valuation schema with the value typed in dollars and the home's own bound: not before its purchase
 * (the server checks that too, against the record).
 */
const valuationFormSchema = (purchaseDate: string) =>
  z.object({
    value: typedNumber(dollarsToCents, { empty: 'Value is required.', invalid: 'Enter the value in dollars, e.g. 450000.' }, valuationSchema.shape.valueCents),
    valuedOn: valuationSchema.shape.valuedOn.refine((date) => date >= purchaseDate, 'Date cannot be before the purchase date.'),
    source: z.string().pipe(valuationSchema.shape.source),
    note: valuationSchema.shape.note,
  });
type ValuationForm = z.input<ReturnType<typeof valuationFormSchema>>;
type ValuationValues = z.output<ReturnType<typeof valuationFormSchema>>;
const FIELDS = ['value', 'valuedOn', 'source', 'note'] as const;

/** 'Record valuation' (docs/product/back-office.md#a-home): a value, its date (from the purchase to today), a source and a note. */
function ValuationForm({ home, onDone }: { home: HomeDetail; onDone: () => void }) {
  const schema = useMemo(() => valuationFormSchema(home.purchaseDate), [home.purchaseDate]);
  const { register, handleSubmit, formState, setError } = useForm<ValuationForm, unknown, ValuationValues>({
    resolver: zodResolver(schema),
    defaultValues: { value: '', valuedOn: ledgerToday(), source: '', note: '' },
  });
  const { errors } = formState;
  const record = useRecordValuation(home.id);

  const onValid = async ({ value, valuedOn, source, note }: ValuationValues) => {
    try {
      await record.mutateAsync({ valueCents: value, valuedOn, source, note: note ?? undefined });
      notify.success('Valuation recorded');
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS, { valueCents: 'value' }))
        notify.error('Error', failureText(error, 'Failed to record the valuation'));
    }
  };

  return (
    <form
      noValidate
      aria-label="Record valuation"
      className="flex flex-col gap-4 rounded-[var(--radius-control)] bg-muted/50 p-4"
      onSubmit={handleSubmit(onValid)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label="Value" required error={errors.value?.message}>
          <NumberInput prefix="$" {...register('value')} />
        </Field>
        <Field label="Valuation date" required error={errors.valuedOn?.message}>
          <Input type="date" min={home.purchaseDate} max={ledgerToday()} {...register('valuedOn')} />
        </Field>
        <Field label="Source" required error={errors.source?.message}>
          <NativeSelect {...register('source')}>
            <option value="">Choose a source</option>
            {RECORDED_VALUATION_SOURCES.map((s) => (
              <option key={s} value={s}>
                {VALUATION_SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label="Note" error={errors.note?.message} help={`Optional; ${MAX_VALUATION_NOTE} characters at most.`}>
        <Textarea rows={2} maxLength={MAX_VALUATION_NOTE} className="text-sm" {...register('note')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Save valuation'}
        </Button>
      </div>
    </form>
  );
}

/** The home's valuations, latest first; the first listed counts (ADR 022: by date, then entry). */
export function ValuationsSection({ home }: { home: HomeDetail }) {
  const [adding, setAdding] = useState(false);
  return (
    <HomeSection
      title="Valuations"
      actions={
        !adding && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Record valuation
          </Button>
        )
      }
    >
      {adding && <ValuationForm home={home} onDone={() => setAdding(false)} />}
      <ScrollBox label="Valuations table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Valuations, latest first</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                Value
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Source
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Note
              </th>
            </tr>
          </thead>
          <tbody>
            {home.valuations.map((valuation, index) => (
              <tr key={valuation.id} className="border-t border-border" data-testid="valuation-row">
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {calendarDate(valuation.valuedOn)}
                  {index === 0 && <span className="ml-2 text-xs font-semibold text-primary">Counts</span>}
                </td>
                <td className="py-1.5 pr-3 text-right tabular">{formatCents(valuation.valueCents)}</td>
                <td className="py-1.5 pr-3">{VALUATION_SOURCE_LABELS[valuation.source]}</td>
                <td className="py-1.5 break-words">{valuation.note ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </HomeSection>
  );
}
