import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSettings } from '../../../../domain/admin/settings';
import { adminSettingsApi } from '../../../../domain/api/admin-settings';
import { callApi } from '../../../lib/call-api';

/** The settings' cache entry; a save writes its reply there. */
export const SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** GET /api/admin/settings, always fresh when the page opens. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callApi(adminSettingsApi.get, {}, { signal }),
    staleTime: 0,
  });

/** PUT /api/admin/settings; the saved settings replace the cached ones. The form shows the outcome. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppSettings) => callApi(adminSettingsApi.save, { body: settings }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}
