// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../domain/application/messages';
import { useOlderMessages, type ConversationPage } from './older-messages';

const message = (n: number): Message => ({
  id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  side: n % 2 ? 'applicant' : 'staff',
  senderName: null,
  body: `Message ${n}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  deletedAt: null,
  mine: false,
  attachment: null,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const bodies = (messages: Message[]) => messages.map((m) => m.body);

/** docs/product/application.md#conversation: older pages on demand, each message once. */
describe('useOlderMessages', () => {
  afterEach(cleanup);

  it('puts older pages above the newest one, until the first message', async () => {
    const pages: Record<string, ConversationPage> = { c4: { messages: range(1, 3), olderCursor: null } };
    const { result } = renderHook(() => useOlderMessages({ messages: range(4, 6), olderCursor: 'c4' }, async (before) => pages[before]!));
    expect(result.current.hasOlder).toBe(true);
    expect(bodies(result.current.shown)).toEqual(['Message 4', 'Message 5', 'Message 6']);
    await act(() => result.current.showOlder());
    expect(bodies(result.current.shown)).toEqual(range(1, 6).map((m) => m.body));
    expect(result.current.hasOlder).toBe(false);
  });

  it('leaves no gap when new messages push the first ones out of the newest page', async () => {
    let latest: ConversationPage = { messages: range(4, 6), olderCursor: 'c4' };
    const { result, rerender } = renderHook(() => useOlderMessages(latest, async () => ({ messages: range(1, 3), olderCursor: null })));
    await act(() => result.current.showOlder());
    // Two new messages: the newest page of three now starts at 6.
    latest = { messages: [...range(6, 7), { ...message(8), body: '' }], olderCursor: 'c6' };
    rerender();
    expect(bodies(result.current.shown)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6', 'Message 7', '']);
  });

  it("keeps a failed load's reason and lets it be tried again", async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useOlderMessages({ messages: range(4, 6), olderCursor: 'c4' }, async () => {
        if (fail) throw new Error('offline');
        return { messages: range(1, 3), olderCursor: null };
      }),
    );
    await act(() => result.current.showOlder());
    expect(result.current.error).toBe('Failed to load older messages.');
    fail = false;
    await act(() => result.current.showOlder());
    expect(result.current.error).toBeNull();
    expect(result.current.shown).toHaveLength(6);
  });
});
