import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeStatementsApi } from '../../../../domain/api/home-statements';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import { periodLabel, statementFileName } from '../../../../domain/homes/statements';
import { formatDateTime } from '../../../../domain/format';
import { Skeleton } from '../../../components/ui/skeleton';
import { callApi, hrefOf } from '../../../lib/call-api';
import { HomeSection } from './home-section';
import { LoadError } from '../../../components/load-error';

/** GET /api/admin/homes/{id}/statements, read afresh each time the record opens. */
const homeStatementsQuery = (homeId: string) =>
  queryOptions({
    queryKey: ['admin', 'homes', 'statements', homeId] as const,
    queryFn: ({ signal }) => callApi(homeStatementsApi.adminList, { params: { id: homeId } }, { signal }),
    staleTime: 0,
  });

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/** The home's monthly statements (made on the 2nd for the month before), each a PDF download recorded in the audit log. */
export function StatementsSection({ home }: { home: HomeDetail }) {
  const statements = useQuery(homeStatementsQuery(home.id));
  return (
    <HomeSection title="Statements">
      {statements.data ? (
        statements.data.statements.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {statements.data.statements.map((statement) => (
              <li key={statement.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
                <span>
                  {periodLabel(statement.period)}
                  <span className="ml-2 text-muted-foreground">made {formatDateTime(statement.createdAt)}</span>
                </span>
                <a
                  className={link}
                  href={hrefOf(homeStatementsApi.adminDownload, { params: { id: home.id, statementId: statement.id } })}
                  download={statementFileName(statement.period)}
                >
                  Download<span className="sr-only"> the statement of {periodLabel(statement.period)}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No statements yet: the first is made on the 2nd of the month after the purchase.</p>
        )
      ) : statements.isError ? (
        <LoadError layout="inline" message="The statements could not be loaded." onRetry={() => void statements.refetch()} />
      ) : (
        <Skeleton className="h-10 w-full" />
      )}
    </HomeSection>
  );
}
