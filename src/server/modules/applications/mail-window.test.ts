import { describe, expect, it } from 'vitest';
import { mailedRequestLine, statusMail } from '../../../domain/admin/status-mail';
import { MAIL_WINDOW_MS, mailWindow } from './mail-window';
import { messageCheckDue, MESSAGE_MAIL_INTERVAL_MS, quoteOf } from './message-notification';

/** The pure parts of the notification e-mails (docs/product/application.md#e-mails-about-your-application). */
describe('notification e-mail rules', () => {
  it('puts changes of the same two minutes in one window, due just after it ends', () => {
    const start = Date.UTC(2026, 0, 5, 10, 0, 0);
    const a = mailWindow(new Date(start + 1_000));
    const b = mailWindow(new Date(start + MAIL_WINDOW_MS - 1));
    expect(a).toEqual(b);
    expect(a.start.getTime()).toBe(start);
    expect(a.runAt.getTime()).toBeGreaterThan(a.end.getTime());
    expect(mailWindow(new Date(start + MAIL_WINDOW_MS)).start.getTime()).toBe(start + MAIL_WINDOW_MS);
  });

  it('checks for a message mail a minute later, but not within 15 minutes of the last one', () => {
    const sent = new Date(Date.UTC(2026, 0, 5, 10, 0, 30));
    expect(messageCheckDue(sent, null).toISOString()).toBe('2026-01-05T10:02:00.000Z');
    const last = new Date(sent.getTime() - 60_000);
    expect(messageCheckDue(sent, last).getTime()).toBeGreaterThanOrEqual(last.getTime() + MESSAGE_MAIL_INTERVAL_MS);
  });

  it('quotes only the first line of a message, shortened', () => {
    expect(quoteOf('  Hello there\nSecond line')).toBe('Hello there');
    const quote = quoteOf('x'.repeat(500));
    expect(quote).toHaveLength(160);
    expect(quote.endsWith('…')).toBe(true);
  });

  it('lists open requests only where the buyer can still answer them, with shortened notes', () => {
    const requests = [{ title: 'Pay Stubs', note: 'n'.repeat(400) }];
    expect(mailedRequestLine(requests[0]!)).toHaveLength('• Pay Stubs: “”'.length + 300);
    expect(statusMail('in_review', requests).paragraphs.join('\n')).toContain('• Pay Stubs:');
    expect(statusMail('in_review', requests).action.path).toBe('/apply/requests');
    expect(statusMail('in_review').action.path).toBe('/dashboard');
    expect(statusMail('declined', requests).paragraphs.join('\n')).not.toContain('Pay Stubs');
  });
});
