import { queryOptions, useMutation } from '@tanstack/react-query';
import { notificationsApi } from '../../../domain/api/notifications';
import type { NotificationSetting } from '../../../domain/notifications';
import { callApi } from '../../lib/call-api';
import { queryClient } from '../../lib/query-client';

/**
 * The unsubscribe page's calls (docs/product/accounts.md#unsubscribe-links), no session needed:
 * the sealed token of the e-mail's link names the address and the kind.
 */

const stateKey = (token: string) => ['unsubscribe', token] as const;

/** GET /api/unsubscribe: the link's kind and whether it is on. Reading it changes nothing (mail scanners open links). */
export const unsubscribeStateQuery = (token: string) =>
  queryOptions({
    queryKey: stateKey(token),
    queryFn: ({ signal }) => callApi(notificationsApi.unsubscribeState, { query: { token } }, { signal }),
    refetchOnWindowFocus: false,
  });

const remember = (token: string) => (setting: NotificationSetting) => queryClient.setQueryData(stateKey(token), setting);

/** POST /api/unsubscribe: the "Unsubscribe" button, the same call as a mail client's one-click unsubscribe. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => callApi(notificationsApi.oneClick, { query: { token } }), onSuccess: remember(token) });
}

/** PUT /api/unsubscribe: "Turn it back on". */
export function useResubscribe(token: string) {
  return useMutation({ mutationFn: () => callApi(notificationsApi.resubscribe, { query: { token }, body: { subscribed: true } }), onSuccess: remember(token) });
}
