import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationApi } from '../../../domain/api/application';
import { myRequestsApi, type CorrectionAnswer, type MyRequests } from '../../../domain/api/requests';
import type { StoredDocumentType } from '../../../domain/application';
import { callApi, uploadWithProgress } from '../../lib/call-api';
import { MY_REQUESTS_KEY, myRequestsQuery } from '../../lib/my-requests';

/**
 * The buyer's side of requests (src/domain/api/requests.ts; docs/decisions/021-requests-and-messages.md):
 * the To do page's list, a correction's answer, an upload to a document request and its
 * 'Send to reviewer'. Each answer refreshes the list and the dashboard's status.
 */

export { MY_REQUESTS_KEY, myRequestsQuery };

function useRefreshAfterAnswer() {
  const queryClient = useQueryClient();
  return (data: MyRequests) => {
    queryClient.setQueryData(MY_REQUESTS_KEY, data);
    void queryClient.invalidateQueries({ queryKey: ['me', 'status'] });
  };
}

/** PUT /api/application/requests/{id}/correction: the new values of exactly the request's fields. */
export function useAnswerCorrection() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: ({ id, ...body }: CorrectionAnswer & { id: string }) => callApi(myRequestsApi.correct, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** POST /api/application/documents?type=&request=: one file answering a document request, with its progress (0–1). */
export function useUploadToRequest(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: ({ requestId, type, file }: { requestId: string; type: StoredDocumentType; file: File }) =>
      uploadWithProgress(applicationApi.uploadDocument, { query: { type, request: requestId }, form: {}, file }, onProgress),
  });
}

/** POST /api/application/requests/{id}/answer: 'Send to reviewer' once a file is uploaded. */
export function useSendToReviewer() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment?: string }) => callApi(myRequestsApi.send, { params: { id }, body: { comment } }),
    onSuccess: refresh,
  });
}
