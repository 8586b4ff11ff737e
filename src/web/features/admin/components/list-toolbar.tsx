import { Download, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** Filters in one toolbar above the table (visual.md 'Back office'). */
export function ListToolbar({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end', className)}>{children}</div>;
}

const SEARCH_DELAY_MS = 300;

/**
 * The search box: asks the server 300 ms after the last keystroke (or at once on
 * Enter). It follows the URL, so the back button restores what was searched.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label = 'Search',
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  label?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submit = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() !== value.trim()) onSearch(q.trim());
  };
  return (
    <form
      role="search"
      className="relative w-full md:max-w-sm md:flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={placeholder}
        className="h-10 pl-9"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(next), SEARCH_DELAY_MS);
        }}
      />
    </form>
  );
}

/** A labelled native select for a list filter. */
export function SelectFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted-foreground">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} className="h-10 md:min-w-44">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * 'More Filters' (docs/product/back-office.md#lists: a date range). The dates apply when
 * both are valid, or one of them is set alone.
 */
export function MoreFilters({
  from,
  to,
  onChange,
  dateLabel = 'Date',
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  dateLabel?: string;
}) {
  const [open, setOpen] = useState(Boolean(from || to));
  const fromId = useId();
  const toId = useId();
  const panelId = useId();
  const invalid = Boolean(from && to && from > to);
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-end">
      <Button variant="outline" size="sm" className="min-h-10" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <SlidersHorizontal aria-hidden="true" />
        More Filters
      </Button>
      {open && (
        <fieldset id={panelId} className="flex flex-wrap items-end gap-2">
          <legend className="sr-only">{dateLabel} range</legend>
          <div className="flex max-w-full flex-col gap-1">
            <label htmlFor={fromId} className="text-xs font-semibold text-muted-foreground">
              {dateLabel} from
            </label>
            <Input
              id={fromId}
              type="date"
              value={from}
              max={to || undefined}
              className="h-10 w-40 max-w-full"
              onChange={(e) => onChange({ from: e.target.value, to })}
            />
          </div>
          <div className="flex max-w-full flex-col gap-1">
            <label htmlFor={toId} className="text-xs font-semibold text-muted-foreground">
              {dateLabel} to
            </label>
            <Input
              id={toId}
              type="date"
              value={to}
              min={from || undefined}
              aria-invalid={invalid || undefined}
              className="h-10 w-40 max-w-full"
              onChange={(e) => onChange({ from, to: e.target.value })}
            />
          </div>
          {(from || to) && (
            <Button variant="ghost" size="sm" className="min-h-10" onClick={() => onChange({ from: '', to: '' })}>
              Clear dates
            </Button>
          )}
          {invalid && <p className="w-full text-sm text-destructive">The start date must be on or before the end date.</p>}
        </fieldset>
      )}
    </div>
  );
}

/** Downloads the CSV of the list's current filter (the server streams it and records the export in the audit log). */
export function ExportButton({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" size="sm" className="min-h-10">
      <a href={href} download>
        <Download aria-hidden="true" />
        Export
      </a>
    </Button>
  );
}

/** A filter that is on or off ('Assigned to me'): a button that says whether it is pressed, the list's URL keeps it. */
export function ToggleFilter({ label, pressed, onChange, icon }: { label: string; pressed: boolean; onChange: (pressed: boolean) => void; icon?: ReactNode }) {
  return (
    <Button variant={pressed ? 'default' : 'outline'} size="sm" className="min-h-10" aria-pressed={pressed} onClick={() => onChange(!pressed)}>
      {icon}
      {label}
    </Button>
  );
}
