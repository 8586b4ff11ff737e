import { describe, expect, it } from 'vitest';
import { isSubscribed, NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS, notificationKindSchema } from './notifications';

describe('notification kinds (docs/decisions/021-requests-and-messages.md)', () => {
  it('sends the buyer’s and the waitlist’s mail unless unsubscribed, and staff notices only to those who opted in', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const staff = NOTIFICATION_KIND_INFO[kind].audience === 'staff';
      expect(isSubscribed(kind, undefined), kind).toBe(!staff);
      expect(isSubscribed(kind, false), kind).toBe(false);
      expect(isSubscribed(kind, true), kind).toBe(true);
    }
  });

  it('knows no kind for transactional mail', () => {
    expect(notificationKindSchema.safeParse('password_reset').success).toBe(false);
    expect(notificationKindSchema.safeParse('messages').success).toBe(true);
  });
});
