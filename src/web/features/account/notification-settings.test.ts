import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../../domain/notifications';
import { groupSettings, withSetting } from './notification-settings';

const settings = (kinds: readonly NotificationKind[] = NOTIFICATION_KINDS): NotificationSettings => ({
  kinds: kinds.map((kind) => ({ kind, label: NOTIFICATION_KIND_INFO[kind].label, audience: NOTIFICATION_KIND_INFO[kind].audience, subscribed: true })),
});

describe('withSetting', () => {
  it('sets one kind and leaves the others, without changing the list it was given', () => {
    const before = settings();
    const after = withSetting(before, 'messages', false);
    expect(after.kinds.find((s) => s.kind === 'messages')?.subscribed).toBe(false);
    expect(after.kinds.filter((s) => !s.subscribed).map((s) => s.kind)).toEqual(['messages']);
    expect(before.kinds.every((s) => s.subscribed)).toBe(true);
  });

  it('leaves the list as it was for a kind it does not hold', () => {
    const before = settings(['messages', 'waitlist_news']);
    expect(withSetting(before, 'staff_answers', false)).toEqual(before);
  });
});

describe('groupSettings', () => {
  it("puts the staff notices apart and keeps the server's order", () => {
    const { own, staff } = groupSettings(settings(['staff_answers', 'messages', 'staff_submissions', 'waitlist_news', 'draft_reminders']));
    expect(own.map((s) => s.kind)).toEqual(['messages', 'waitlist_news', 'draft_reminders']);
    expect(staff.map((s) => s.kind)).toEqual(['staff_answers', 'staff_submissions']);
  });

  it('has no staff notices for a plain account', () => {
    expect(groupSettings(settings(['messages', 'waitlist_news'])).staff).toEqual([]);
  });
});
