import { queryOptions } from '@tanstack/react-query';
import { homeApi } from '../../../domain/api/home';
import { homeStatementsApi } from '../../../domain/api/home-statements';
import { ApiError } from '../../lib/api';
import { callApi, hrefOf } from '../../lib/call-api';

/**
 * The homeowner's own home (src/domain/api/home.ts): the dashboard's figures and
 * payment breakdown, and the home page's terms, payments, valuations, statements
 * and ledger. A user without a home gets 404, which is an answer, not a failure:
 * it is not retried.
 */

const notAfter404 = (failures: number, error: Error) => !(error instanceof ApiError && error.status === 404) && failures < 2;

/** True when the error says the user has no home (404), so the example figures stay. */
export const isNoHome = (error: unknown) => error instanceof ApiError && error.status === 404;

export const myHomeQuery = queryOptions({
  queryKey: ['me', 'home'] as const,
  queryFn: ({ signal }) => callApi(homeApi.get, {}, { signal }),
  retry: notAfter404,
});

export const myValuationsQuery = queryOptions({
  queryKey: ['me', 'home', 'valuations'] as const,
  queryFn: ({ signal }) => callApi(homeApi.valuations, {}, { signal }),
  retry: notAfter404,
});

export const myStatementsQuery = queryOptions({
  queryKey: ['me', 'home', 'statements'] as const,
  queryFn: ({ signal }) => callApi(homeStatementsApi.mine, {}, { signal }),
});

/** The ledger as JSON, for verifying in the browser. */
export const fetchMyLedger = () => callApi(homeApi.ledger, {});

/** GET /api/me/home/ledger: a plain link downloads it (Content-Disposition: attachment). */
export const LEDGER_HREF = hrefOf(homeApi.ledger, {});

/** A statement's PDF (an attachment). */
export const statementHref = (id: string) => hrefOf(homeStatementsApi.myDownload, { params: { id } });
