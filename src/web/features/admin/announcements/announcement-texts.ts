import type { AnnouncementAudience } from '../../../../domain/admin/announcements';
import { interestLabel } from '../../../../domain/admin/waitlist';
import { calendarDate } from '../../../lib/dates';
import { formatNumber } from '../../../../domain/format';

/** Texts of /admin/announcements (docs/product/back-office.md#announcements). */
export const ANNOUNCEMENT_TEXTS = {
  loadFailed: 'Failed to load announcements',
  previewFailed: 'Failed to preview the announcement',
  sendFailed: 'Failed to send the announcement',
  cancelFailed: 'Failed to cancel the announcement',
  started: 'Sending started',
  cancelled: 'Announcement cancelled',
  empty: 'No announcements yet. The first one you send shows here with its progress.',
  bodyHelp:
    'Plain text. A blank line starts a new paragraph. Each e-mail begins with “Hi <first name>,” and ends with our sign-off and a one-click unsubscribe.',
};

/** Who an announcement goes to, in words: the waitlist filter it was sent with. */
export function audienceText(audience: AnnouncementAudience): string {
  const parts: string[] = [];
  if (audience.q) parts.push(`matching “${audience.q}”`);
  if (audience.interest !== 'all') parts.push(`interested in ${interestLabel(audience.interest).toLowerCase()}`);
  if (audience.from && audience.to) parts.push(`joined ${calendarDate(audience.from)} – ${calendarDate(audience.to)}`);
  else if (audience.from) parts.push(`joined on or after ${calendarDate(audience.from)}`);
  else if (audience.to) parts.push(`joined on or before ${calendarDate(audience.to)}`);
  return parts.length ? `Waitlist entries ${parts.join(', ')}` : 'Everyone on the waitlist';
}

export const peopleText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'person' : 'people'}`;
