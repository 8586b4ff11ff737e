import { useMutation } from '@tanstack/react-query';
import type { Announcement, AnnouncementDraft, AnnouncementListParams } from '../../../../domain/admin/announcements';
import { adminAnnouncementsApi } from '../../../../domain/api/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { adminListQuery, refreshAdminList } from '../lib/use-admin-list';

const SENDING_REFRESH_MS = 1_500;

/**
 * GET /api/admin/announcements: a page of announcements with their progress; while one is sending, asked for again
 * every 1.5 s so its counts move and it turns 'Sent' by itself (docs/product/back-office.md#announcements).
 */
export const announcementsListQuery = (params: AnnouncementListParams) => ({
  ...adminListQuery(adminAnnouncementsApi.list, params),
  refetchInterval: (query: { state: { data?: { items: Announcement[] } } }) =>
    query.state.data?.items.some((a) => a.state === 'sending') ? SENDING_REFRESH_MS : false,
});

const refreshAnnouncements = () => refreshAdminList(adminAnnouncementsApi.list);

/** POST /api/admin/announcements/preview: the e-mail as a recipient gets it and the filter's recipient count. */
export function usePreviewAnnouncement() {
  return useMutation({ mutationFn: (body: AnnouncementDraft) => callApi(adminAnnouncementsApi.preview, { body }) });
}

/** POST /api/admin/announcements: records the recipients and starts sending; settles after the list is fresh. */
export function useSendAnnouncement() {
  return useMutation({
    mutationFn: (body: AnnouncementDraft) => callApi(adminAnnouncementsApi.send, { body }),
    onSuccess: () => refreshAnnouncements(),
  });
}

/** POST /api/admin/announcements/{id}/cancel; settles after the list is fresh. */
export function useCancelAnnouncement() {
  return useMutation({
    mutationFn: (id: string) => callApi(adminAnnouncementsApi.cancel, { params: { id } }),
    onSuccess: () => refreshAnnouncements(),
  });
}
