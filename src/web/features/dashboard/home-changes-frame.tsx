import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HomeChanges } from '../../../domain/homes/changes';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { isNoHome } from './home-api';
import { calendarDate } from '../../lib/dates';
import { LoadError } from '../../components/load-error';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/** The page around 'Adjust Monthly Payment' and 'Transfer': the heading, and the loading, no-home, closed and error states. */
export function HomeChangesFrame({
  title,
  query,
  children,
  closedToo = false,
}: {
  title: string;
  query: UseQueryResult<HomeChanges>;
  children: (home: HomeChanges) => ReactNode;
  /** Draw the page for a closed home too (the transfer's steps stay readable). */
  closedToo?: boolean;
}) {
  const { data, error, refetch } = query;
  let body: ReactNode;
  if (data) {
    body =
      data.state === 'closed' && !closedToo ? (
        <Alert variant="info">
          Your agreement for {data.address} ended{data.closedOn ? ` on ${calendarDate(data.closedOn)}` : ''}: there is nothing to change.{' '}
          <Link className={link} to="/dashboard">
            Back to the dashboard
          </Link>
        </Alert>
      ) : (
        children(data)
      );
  } else if (isNoHome(error)) {
    body = (
      <Alert variant="info">
        {error.message}{' '}
        <Link className={link} to="/dashboard">
          Back to the dashboard
        </Link>
      </Alert>
    );
  } else if (error) {
    body = <LoadError layout="inline" message="We could not load your home." onRetry={() => void refetch()} />;
  } else {
    body = <Skeleton className="h-96 w-full" />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{title}</h1>
      {data && <p className="mt-2 text-[0.9375rem] text-muted-foreground">{data.address}</p>}
      <div className="mt-8">{body}</div>
    </div>
  );
}
