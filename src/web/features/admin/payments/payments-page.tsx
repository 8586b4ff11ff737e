import { Download, Plus, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatMoney } from '../../../../domain/format';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { AdminPageHeader } from '../components/admin-page-header';
import { ListToolbar, SelectFilter } from '../components/list-toolbar';

/**
 * docs/product/back-office.md#payments: the placeholder stays,
 * its figures labelled as samples. Nothing here reads or writes data: payments
 * are not connected yet.
 */
const SAMPLE_FIGURES = [
  { label: "Today's payments", value: formatMoney(12_480), note: '8 payments' },
  { label: 'This month', value: formatMoney(184_920), note: '121 payments' },
  { label: 'Failed payments', value: '3', note: formatMoney(4_350) },
  { label: 'Average payment', value: formatMoney(1_528), note: 'Per payment' },
] as const;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'posted', label: 'Posted' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

/** docs/product/back-office.md#payments: payment ranges 7d, 30d, 90d, 1y; default 30d. */
const RANGE_OPTIONS = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
];

function ComingSoonButton({ children, noteId }: { children: ReactNode; noteId: string }) {
  return (
    <Button variant="outline" size="sm" className="h-10" disabled aria-describedby={noteId}>
      {children}
    </Button>
  );
}

export default function PaymentsPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('all');
  const [range, setRange] = useState('30d');
  const searchId = useId();
  const noteId = useId();

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Payments"
        description="Homeowner payments and their ledger."
        actions={
          <ComingSoonButton noteId={noteId}>
            <Plus aria-hidden="true" />
            Manual Payment
          </ComingSoonButton>
        }
      />
      <Alert variant="info" id={noteId}>
        <strong>Coming soon.</strong> Payments are not connected yet: the figures below are samples, and Manual Payment, Advanced and Export CSV will work once
        they are.
      </Alert>

      <section aria-labelledby={`${noteId}-figures`}>
        <div className="mb-3 flex items-center gap-2">
          <h2 id={`${noteId}-figures`} className="text-lg font-semibold">
            Overview
          </h2>
          <Badge variant="warning">Sample figures</Badge>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SAMPLE_FIGURES.map((figure) => (
            <li key={figure.label}>
              <Card className="h-full">
                <CardHeader className="pb-1">
                  <CardTitle className="text-sm font-medium text-muted-foreground">{figure.label}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-2xl font-bold tabular">{figure.value}</p>
                  <p className="text-sm text-muted-foreground">
                    {figure.note} · <span className="italic">sample</span>
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Payment ledger" className="flex flex-col gap-3">
        <ListToolbar>
          <form role="search" className="w-full md:max-w-sm md:flex-1" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={searchId} className="sr-only">
              Search payments
            </label>
            <Input
              id={searchId}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Search by homeowner or payment ID"
              className="h-10"
            />
          </form>
          <SelectFilter label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
          <SelectFilter label="Date range" value={range} onChange={setRange} options={RANGE_OPTIONS} />
          <ComingSoonButton noteId={noteId}>
            <SlidersHorizontal aria-hidden="true" />
            Advanced
          </ComingSoonButton>
          <ComingSoonButton noteId={noteId}>
            <Download aria-hidden="true" />
            Export CSV
          </ComingSoonButton>
        </ListToolbar>
        <Card>
          <CardContent className="p-6 sm:p-10">
            <p role="status" className="text-center text-muted-foreground">
              The payment ledger is a placeholder: payments are not connected yet, so there is nothing to list.
            </p>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
