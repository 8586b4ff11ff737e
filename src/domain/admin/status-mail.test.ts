import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_LABELS, REVIEW_STATUSES } from '../application/status';
import { STATUS_MAIL_TEXTS, statusEmailsHelp } from './status-mail';

describe('the settings’ text about status e-mails', () => {
  it('names every status a reviewer can set, each of which has its e-mail, and no other', () => {
    const help = statusEmailsHelp(APPLICATION_STATUS_LABELS);
    expect(Object.keys(STATUS_MAIL_TEXTS).sort()).toEqual([...REVIEW_STATUSES].sort());
    for (const status of REVIEW_STATUSES) expect(help).toContain(APPLICATION_STATUS_LABELS[status]);
    expect(help).toBe(
      'Sent on every status change a reviewer makes (to Submitted, In Review, Missing Info, Approved or Declined), listing the open requests where there are any. Off, no status e-mail is sent; a new request is e-mailed either way.',
    );
  });
});
