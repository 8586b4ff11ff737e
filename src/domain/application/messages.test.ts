import { describe, expect, it } from 'vitest';
import { deletableUntil, MAX_MESSAGE_CHARS, MESSAGE_DELETE_WINDOW_MS, messageDeleteRefusal, newMessageSchema, otherSide, unreadBadge } from './messages';

describe('messages (docs/decisions/021-requests-and-messages.md)', () => {
  const sent = new Date('2026-11-24T12:00:00Z');
  const mine = { senderId: 'u1', createdAt: sent, deletedAt: null };
  const at = (ms: number) => new Date(sent.getTime() + ms);

  it('lets the sender delete their own message within 5 minutes, the last instant included', () => {
    expect(MESSAGE_DELETE_WINDOW_MS).toBe(300_000);
    expect(deletableUntil(sent)).toEqual(at(300_000));
    expect(messageDeleteRefusal(mine, 'u1', at(0))).toBeNull();
    expect(messageDeleteRefusal(mine, 'u1', at(299_999))).toBeNull();
    expect(messageDeleteRefusal(mine, 'u1', at(300_000))).toBeNull();
    expect(messageDeleteRefusal(mine, 'u1', at(300_001))).toBe('too_late');
  });

  it('never lets anyone else delete it, nor delete it twice', () => {
    expect(messageDeleteRefusal(mine, 'u2', at(1))).toBe('not_yours');
    expect(messageDeleteRefusal({ ...mine, senderId: null }, 'u1', at(1))).toBe('not_yours');
    expect(messageDeleteRefusal({ ...mine, deletedAt: at(10) }, 'u1', at(20))).toBe('already_deleted');
  });

  it('takes plain text of 1 to 5,000 characters, trimmed', () => {
    expect(newMessageSchema.parse({ body: '  Hello \n' })).toEqual({ body: 'Hello' });
    expect(newMessageSchema.safeParse({ body: '   ' }).error?.issues[0].message).toBe('Write a message.');
    expect(newMessageSchema.safeParse({ body: 'x'.repeat(MAX_MESSAGE_CHARS) }).success).toBe(true);
    expect(newMessageSchema.safeParse({ body: 'x'.repeat(MAX_MESSAGE_CHARS + 1) }).error?.issues[0].message).toBe('Messages are limited to 5,000 characters.');
    expect(newMessageSchema.safeParse({ body: 'a\u0000b' }).success).toBe(false);
    expect(newMessageSchema.safeParse({}).success).toBe(false);
  });

  it('counts the other side’s messages as unread, shown up to 99 then 99+', () => {
    expect(otherSide('staff')).toBe('applicant');
    expect(otherSide('applicant')).toBe('staff');
    expect([0, 1, 99, 100, 250].map(unreadBadge)).toEqual(['', '1', '99', '99+', '99+']);
  });
});
