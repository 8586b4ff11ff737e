import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesApi } from '../../../domain/api/messages';
import { callApi, uploadWithProgress } from '../../lib/call-api';
import { messageAttachmentsApi } from '../../../domain/api/message-attachments';
import { CHAT_POLL_MS, unreadMessagesQuery } from '../../lib/unread-messages';

export { unreadMessagesQuery };

const KEY = ['messages'] as const;

/**
 * GET /api/messages: the newest page of the user's conversation, asked again every 10 s
 * while the page is visible (TanStack Query does not poll a hidden tab).
 */
export const conversationQuery = queryOptions({
  queryKey: [...KEY, 'conversation'] as const,
  queryFn: ({ signal }) => callApi(messagesApi.conversation, { query: {} }, { signal }),
  refetchInterval: CHAT_POLL_MS,
});

/** GET /api/messages?before=: the page of older messages before `before`. */
export const olderMessagesQuery = (before: string) =>
  queryOptions({
    queryKey: [...KEY, 'older', before] as const,
    queryFn: ({ signal }) => callApi(messagesApi.conversation, { query: { before } }, { signal }),
    staleTime: Infinity,
  });

function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** POST /api/messages; the conversation is asked again once it is stored. The composer shows the outcome. */
export function useSendMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (body: string) => callApi(messagesApi.send, { body: { body } }),
    onSuccess: refresh,
  });
}

/** POST /api/messages/attachment: a file sent as a message of its own; the conversation is asked again once it is stored. */
export function useSendAttachment() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(messageAttachmentsApi.send, { form: {}, file }, () => undefined),
    onSuccess: refresh,
  });
}

/** DELETE /api/messages/{id} (own, within 5 minutes). */
export function useDeleteMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (id: string) => callApi(messagesApi.delete, { params: { id } }),
    onSettled: refresh,
  });
}

/** POST /api/messages/read: seen up to the newest message on screen; the badge follows. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => callApi(messagesApi.read, { body: { upTo } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(unreadMessagesQuery.queryKey, reply);
      queryClient.setQueryData(conversationQuery.queryKey, (old) => (old ? { ...old, unread: reply.unread } : old));
    },
  });
}
