import { queryOptions, useMutation } from '@tanstack/react-query';
import { applicationApi, documentsApi } from '../../../domain/api/application';
import type { SaveDraftBody } from '../../../domain/application';
import { callApi } from '../../lib/call-api';

/**
 * The user's own application and its documents (src/domain/api/application.ts;
 * docs/product/application.md). Types come from the routes' reply schemas:
 * ApplicationView and ApplicationDocument in src/domain/application.
 */

/** The PUT body: the whole draft and the version it was loaded at; the two sensitive fields only when they change (absent keeps them). */
export type DraftBody = SaveDraftBody;

export const APPLICATION_KEY = ['application'] as const;

/**
 * GET /api/application, loaded once per visit of /apply: the wizard keeps its own state
 * from then on and is given fresh data when the application changed elsewhere.
 */
export const applicationQuery = queryOptions({
  queryKey: APPLICATION_KEY,
  queryFn: ({ signal }) => loadApplication(signal),
  staleTime: Infinity,
  gcTime: 0,
  refetchOnWindowFocus: false,
});

/** GET /api/application, outside the query (the autosave's look for edits made elsewhere). */
export const loadApplication = (signal?: AbortSignal) => callApi(applicationApi.get, {}, { signal });

/** PUT /api/application: the autosave's one request (keepalive while the tab closes). */
export const saveApplication = (body: DraftBody, options: { keepalive?: boolean } = {}) =>
  callApi(applicationApi.save, { body }, { keepalive: options.keepalive });

/** POST /api/application/submit; the caller saves pending changes first (use-submit-application.ts). */
export function useSubmitApplicationMutation() {
  return useMutation({ mutationFn: () => callApi(applicationApi.submit, {}) });
}

// POST /api/application/documents?type= goes through XMLHttpRequest for its progress and Cancel: use-document-uploads.ts.

/** DELETE /api/documents/{id}: answers `{ ok: true }`. */
export function useRemoveDocument() {
  return useMutation({ mutationFn: (id: string) => callApi(documentsApi.delete, { params: { id } }) });
}
