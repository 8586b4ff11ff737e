import { queryOptions } from '@tanstack/react-query';
import { messagesApi } from '../../domain/api/messages';
import { callApi } from './call-api';

/** How often /chat and the bottom navigation's badge ask again while the page is visible (docs/product/application.md#conversation). */
export const CHAT_POLL_MS = 10_000;

/**
 * GET /api/messages/unread: our staff's messages not seen yet, for the bottom navigation's Chat badge
 * (shared, so the layout's navigation reads it; /chat's calls are in src/web/features/chat/chat-api.ts).
 */
export const unreadMessagesQuery = queryOptions({
  queryKey: ['messages', 'unread'] as const,
  queryFn: ({ signal }) => callApi(messagesApi.unread, {}, { signal }),
  refetchInterval: CHAT_POLL_MS,
});
