import type { NotificationKind, NotificationSetting, NotificationSettings } from '../../../domain/notifications';

/**
 * The account page's e-mail switches as data (docs/product/accounts.md#e-mail-notifications):
 * one kind changed in the list, and the list split into the user's own kinds and the staff notices.
 */

/** The settings with one kind set; the others as they were (an optimistic change, its rollback, or the server's word on that kind). */
export function withSetting(settings: NotificationSettings, kind: NotificationKind, subscribed: boolean): NotificationSettings {
  return { kinds: settings.kinds.map((setting) => (setting.kind === kind ? { ...setting, subscribed } : setting)) };
}

/** The kinds everyone sees, and the staff notices, which sit under their own heading. */
export function groupSettings(settings: NotificationSettings): { own: NotificationSetting[]; staff: NotificationSetting[] } {
  return {
    own: settings.kinds.filter((setting) => setting.audience !== 'staff'),
    staff: settings.kinds.filter((setting) => setting.audience === 'staff'),
  };
}
