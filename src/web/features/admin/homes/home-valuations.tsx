import { Plus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { formatCents } from '../../../../domain/format';
import {
  dollarsToCents,
  MAX_VALUATION_NOTE,
  RECORDED_VALUATION_SOURCES,
  todayIso,
  valuationSchema,
  type HomeDetail,
} from '../../../../domain/homes/admin-homes';
import { VALUATION_SOURCE_LABELS } from '../../../../domain/homes/states';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { calendarDate } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { NumberInput } from '../../../components/ui/number-input';
import { HomeSection, ScrollBox } from './home-section';
import { useRecordValuation } from './homes-api';

type FormField = 'value' | 'valuedOn' | 'source' | 'note';
const FORM_FIELD: Readonly<Record<string, FormField>> = { valueCents: 'value', valuedOn: 'valuedOn', source: 'source', note: 'note' };

/** 'Record valuation' (decisions.md 'Valuations'): a value, its date (from the purchase to today), a source and a note. */
function ValuationForm({ home, onDone }: { home: HomeDetail; onDone: () => void }) {
  const [value, setValue] = useState('');
  const [valuedOn, setValuedOn] = useState(todayIso());
  const [source, setSource] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const record = useRecordValuation(home.id);

  const fail = (next: Partial<Record<FormField, string>>) => {
    setErrors(next);
    // After React draws the messages, the first field in error takes the focus.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valueCents = dollarsToCents(value);
    const body = { valueCents: valueCents ?? Number.NaN, valuedOn, source: source as (typeof RECORDED_VALUATION_SOURCES)[number], note };
    const next: Partial<Record<FormField, string>> = {};
    if (valueCents === null) next.value = value.trim() ? 'Enter the value in dollars, e.g. 450000.' : 'Value is required.';
    const parsed = valuationSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FORM_FIELD[String(issue.path[0])];
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    if (!next.valuedOn && valuedOn < home.purchaseDate) next.valuedOn = 'Date cannot be before the purchase date.';
    if (Object.keys(next).length > 0) return fail(next);
    try {
      await record.mutateAsync(body);
      notify.success('Valuation recorded');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        const server: Partial<Record<FormField, string>> = {};
        for (const [name, message] of Object.entries(error.fields)) if (FORM_FIELD[name]) server[FORM_FIELD[name]] ??= message;
        return fail(server);
      }
      notify.error('Error', failureText(error, 'Failed to record the valuation'));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Record valuation"
      className="flex flex-col gap-4 rounded-[var(--radius-control)] bg-muted/50 p-4"
      onSubmit={(e) => void submit(e)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label="Value" required error={errors.value}>
          <NumberInput prefix="$" value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
        <Field label="Valuation date" required error={errors.valuedOn}>
          <Input type="date" value={valuedOn} min={home.purchaseDate} max={todayIso()} onChange={(e) => setValuedOn(e.target.value)} />
        </Field>
        <Field label="Source" required error={errors.source}>
          <NativeSelect value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="">Choose a source</option>
            {RECORDED_VALUATION_SOURCES.map((s) => (
              <option key={s} value={s}>
                {VALUATION_SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label="Note" error={errors.note} help={`Optional; ${MAX_VALUATION_NOTE} characters at most.`}>
        <Textarea value={note} rows={2} maxLength={MAX_VALUATION_NOTE} className="text-sm" onChange={(e) => setNote(e.target.value)} />
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
