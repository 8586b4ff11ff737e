import { queryOptions, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { autopayApi } from '../../../../domain/api/autopay';
import { formatCents, formatDate, formatDateTime, formatNumber } from '../../../../domain/format';
import { LoadError } from '../../../components/load-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { callApi } from '../../../lib/call-api';

/**
 * 'Autopay' and 'Bank files' on /admin/payments (docs/decisions/037-autopay-and-ach-files.md): each home's account on
 * file (masked) with its autopay state, and the bank's NACHA day files, each downloadable (the download is audited).
 */

const PAGE_SIZE = 10;

const autopayQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'payments', 'autopay', page],
    queryFn: ({ signal }) => callApi(autopayApi.adminHomes, { query: { page, pageSize: PAGE_SIZE } }, { signal }),
  });
const achFilesQuery = queryOptions({
  queryKey: ['admin', 'payments', 'ach-files'],
  queryFn: ({ signal }) => callApi(autopayApi.achFiles, {}, { signal }),
});

function AutopayHomes() {
  const [page, setPage] = useState(1);
  const query = useQuery(autopayQuery(page));
  const titleId = useId();
  const data = query.data;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 id={titleId} className="text-lg font-semibold">
        Autopay
      </h2>
      {query.isError ? (
        <LoadError layout="inline" message="We could not load autopay." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No home has a bank account on file yet.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {formatNumber(data.onCount)} of {formatNumber(data.total)} {data.total === 1 ? 'home' : 'homes'} with a bank account on file pay by autopay.
          </p>
          <ul aria-labelledby={titleId} className="divide-y divide-border">
            {data.items.map((item) => (
              <li key={item.homeId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-medium">{item.address}</p>
                  <p className="text-sm text-muted-foreground">
                    {item.homeownerName} · {item.accountMasked}
                    {item.accountState !== 'verified' ? ` · ${item.accountState === 'unverified' ? 'not verified yet' : 'locked'}` : ''}
                  </p>
                </div>
                <Badge variant={item.autopay.on ? 'success' : 'outline'}>
                  {item.autopay.on && item.autopay.since ? `Autopay on since ${formatDate(item.autopay.since)}` : 'Autopay off'}
                </Badge>
              </li>
            ))}
          </ul>
          {data.total > PAGE_SIZE && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page * PAGE_SIZE >= data.total} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function BankFiles() {
  const query = useQuery(achFilesQuery);
  const titleId = useId();
  const data = query.data;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 id={titleId} className="text-lg font-semibold">
        Bank files
      </h2>
      {query.isError ? (
        <LoadError layout="inline" message="We could not load the bank files." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : data.files.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {data.collector === 'processor'
            ? 'The payment processor collects every debit, so there is no NACHA file for the bank.'
            : 'No NACHA file yet: the day’s file is written each business day from 4 pm Pacific.'}
        </p>
      ) : (
        <ul aria-labelledby={titleId} className="divide-y divide-border">
          {data.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium">{formatDate(file.businessDay)}</p>
                <p className="text-sm text-muted-foreground">
                  {formatNumber(file.debitCount)} {file.debitCount === 1 ? 'debit' : 'debits'}, {formatCents(file.totalDebitCents)}; settles{' '}
                  {formatDate(file.effectiveDate)}; {file.droppedAt ? `in the outbox since ${formatDateTime(file.droppedAt)}` : 'not yet in the outbox'}
                </p>
              </div>
              <Button asChild variant="outline" size="sm">
                <a href={autopayApi.achFileDownload.path.replace('{id}', file.id)} download={file.fileName}>
                  <Download aria-hidden="true" />
                  Download <span className="sr-only">the file of {formatDate(file.businessDay)}</span>
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function BankDebitsPanel() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AutopayHomes />
      <BankFiles />
    </div>
  );
}
