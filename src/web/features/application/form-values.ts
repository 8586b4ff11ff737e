import { APPLICATION_FIELDS, stripInvalidDraftFields, type ApplicationDraft, type ApplicationField } from '../../../domain/application';

/**
 * The wizard's form holds what the inputs hold: text for text, dates and numbers
 * (so a half-typed '12.' stays as typed), booleans for checkboxes. These helpers
 * turn the saved draft into form values and back, from the domain's field list.
 */
export type FormValue = string | boolean;
type Section = 'personal' | 'employment' | 'assets' | 'debts' | 'consents';
export type ApplicationFormValues = Record<Section, Record<string, FormValue>> & { certified: boolean };

export const isSensitive = (field: ApplicationField) => field.sensitive === true;

function read(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);
}

function write(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/** Form values from a saved draft. The sensitive fields start empty: the browser only ever gets them masked. */
export function draftToForm(draft: ApplicationDraft): ApplicationFormValues {
  const values: Record<string, unknown> = { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} };
  for (const field of APPLICATION_FIELDS) {
    const value = read(draft, field.name);
    if (field.kind === 'checkbox') write(values, field.name, value === true);
    else if (isSensitive(field)) write(values, field.name, '');
    else if (typeof value === 'number') write(values, field.name, String(value));
    else write(values, field.name, typeof value === 'string' ? value : '');
  }
  return values as ApplicationFormValues;
}

/** A number input's text as the draft wants it: empty → null, a number → the number, anything else as typed (the schema refuses it). */
function toNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * The draft to save from form values, before the schema: numbers parsed, and the
 * sensitive fields only when something was typed (absent keeps the stored value).
 */
export function formToDraftInput(values: ApplicationFormValues): Record<string, unknown> {
  const draft: Record<string, unknown> = { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} };
  for (const field of APPLICATION_FIELDS) {
    const raw = read(values, field.name);
    if (field.kind === 'checkbox') write(draft, field.name, raw === true);
    else if (typeof raw !== 'string') continue;
    else if (isSensitive(field)) {
      if (raw.trim() !== '') write(draft, field.name, raw.trim());
    } else if (field.kind === 'money' || field.kind === 'number') write(draft, field.name, toNumber(raw));
    else write(draft, field.name, raw.trim() === '' ? null : raw);
  }
  return draft;
}

/** The part of the form that can be saved now, and the messages of the fields that cannot (yet). */
export function savableDraft(values: ApplicationFormValues): { draft: ApplicationDraft; errors: Record<string, string> } {
  return stripInvalidDraftFields(formToDraftInput(values));
}

/**
 * A stored SSN is replaced only by 4 typed digits: a half-typed '12' must not
 * overwrite good digits (with nothing stored, the half-typed value is kept so a
 * reload loses nothing). Dates come from the date picker whole or not at all.
 */
export function keepStoredUnlessComplete(draft: ApplicationDraft, stored: { ssnLast4: string | null }): ApplicationDraft {
  const ssn = draft.personal.ssnLast4;
  if (!stored.ssnLast4 || typeof ssn !== 'string' || /^\d{4}$/.test(ssn)) return draft;
  const { ssnLast4: _partial, ...personal } = draft.personal;
  return { ...draft, personal };
}
