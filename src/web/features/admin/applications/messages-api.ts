import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessagesApi } from '../../../../domain/api/messages';
import { callApi, uploadWithProgress } from '../../../lib/call-api';
import { messageAttachmentsApi } from '../../../../domain/api/message-attachments';
import { CHAT_POLL_MS } from '../../../lib/unread-messages';
import { ADMIN_APPLICATIONS_KEY } from '../lib/admin-query-keys';

/** The conversation sits under the applications' key, so a refresh of the applications reads it again too. */
const conversationKey = (id: string) => [...ADMIN_APPLICATIONS_KEY, 'messages', id] as const;

/**
 * GET /api/admin/applications/{id}/messages: the newest page of the application's conversation,
 * asked again every 10 s while the review dialog is open (docs/product/application.md#conversation).
 */
export const adminConversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => callApi(adminMessagesApi.conversation, { params: { id }, query: {} }, { signal }),
    refetchInterval: CHAT_POLL_MS,
  });

/** GET /api/admin/applications/{id}/messages?before=: the page of older messages before `before`. */
export const adminOlderMessagesQuery = (id: string, before: string) =>
  queryOptions({
    queryKey: [...conversationKey(id), 'older', before] as const,
    queryFn: ({ signal }) => callApi(adminMessagesApi.conversation, { params: { id }, query: { before } }, { signal }),
    staleTime: Infinity,
  });

function useRefresh(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: conversationKey(id) });
}

/** POST /api/admin/applications/{id}/messages; the composer shows the outcome. */
export function useSendAdminMessage(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: string) => callApi(adminMessagesApi.send, { params: { id }, body: { body } }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/message-attachments?application=: a file sent to the applicant as a message of its own. */
export function useSendAdminAttachment(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(messageAttachmentsApi.sendAsStaff, { query: { application: id }, form: {}, file }, () => undefined),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/messages/{id}: one's own message within 5 minutes; `id` is the application's. */
export function useDeleteAdminMessage(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (messageId: string) => callApi(adminMessagesApi.delete, { params: { id: messageId } }),
    onSettled: refresh,
  });
}

/** POST /api/admin/applications/{id}/messages/read: staff have seen up to the newest message shown; the list's badge is asked again. */
export function useMarkAdminMessagesRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => callApi(adminMessagesApi.read, { params: { id }, body: { upTo } }),
    onSuccess: (reply) => {
      client.setQueryData(conversationKey(id), (old) => (old ? { ...old, unread: reply.unread } : old));
      // The list's unread badge follows (its pages sit under the same key; not the records nor the conversations).
      void client.invalidateQueries({
        queryKey: ADMIN_APPLICATIONS_KEY,
        predicate: (query) => !['detail', 'messages', 'assignees'].includes(String(query.queryKey[2])),
      });
    },
  });
}
