import { queryOptions } from '@tanstack/react-query';
import { homeApi } from '../../../domain/api/home';
import { homeStatementsApi } from '../../../domain/api/home-statements';
import { callApi, hrefOf } from '../../lib/call-api';
import { isErrorOf } from '../../lib/form-errors';

/**
 * The homeowner's own home (src/domain/api/home.ts): the dashboard's figures and
 * payment breakdown, and the home page's terms, payments, valuations, statements
 * and ledger. A user without a home is answered `no_home` (403 below the homeowner
 * rank, 404 for an admin without one), which is an answer, not a failure: it is not retried.
 */

/** True when the error says the user has no home, so the example figures stay. */
export const isNoHome = (error: unknown) => isErrorOf(homeApi.get, error, 'no_home');

/** True when the home's agreement waits for signatures: no figure is the homeowner's own yet (docs/decisions/033-signatures.md). */
export const isAwaitingSignatures = (error: unknown) => isErrorOf(homeApi.get, error, 'awaiting_signatures');

const notAfterNoHome = (failures: number, error: Error) => !isNoHome(error) && !isAwaitingSignatures(error) && failures < 2;

export const myHomeQuery = queryOptions({
  queryKey: ['me', 'home'] as const,
  queryFn: ({ signal }) => callApi(homeApi.get, {}, { signal }),
  retry: notAfterNoHome,
});

export const myValuationsQuery = queryOptions({
  queryKey: ['me', 'home', 'valuations'] as const,
  queryFn: ({ signal }) => callApi(homeApi.valuations, {}, { signal }),
  retry: notAfterNoHome,
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
