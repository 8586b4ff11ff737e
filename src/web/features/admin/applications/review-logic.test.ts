import { describe, expect, it } from 'vitest';
import { approvalConcernLines, approvalConcerns, statusSavePlan, type StatusSaveFacts } from './review-logic';

const facts = (over: Partial<StatusSaveFacts>): StatusSaveFacts => ({
  from: 'in_review',
  to: 'approved',
  openRequests: 0,
  emailsOn: true,
  applicantEmail: 'ada@example.com',
  ...over,
});

describe('saving a status in the review dialog (docs/product/back-office.md#application-status)', () => {
  it('does nothing for the status the application has', () => {
    expect(statusSavePlan(facts({ to: 'in_review' }))).toEqual({ kind: 'unchanged' });
  });

  it('asks for a request first when Missing Info has no open one, and confirms once one is open', () => {
    expect(statusSavePlan(facts({ to: 'missing_info' }))).toEqual({ kind: 'request_needed' });
    expect(statusSavePlan(facts({ to: 'missing_info', openRequests: 1 }))).toMatchObject({
      kind: 'confirm',
      needsReason: false,
      mail: { to: 'ada@example.com', subject: 'We need a little more information for your application' },
    });
  });

  it('names the address and the e-mail the server sends, or says none is sent', () => {
    const approved = statusSavePlan(facts({}));
    expect(approved).toMatchObject({ kind: 'confirm', mail: { to: 'ada@example.com', subject: 'Your home application is approved' } });
    expect(approved.kind === 'confirm' && 'gist' in approved.mail && approved.mail.gist[0]).toMatch(/^Good news/);
    expect(statusSavePlan(facts({ emailsOn: false }))).toEqual({ kind: 'confirm', needsReason: false, mail: { none: 'switched_off' } });
    // Every status a reviewer sets e-mails the applicant (docs/product/application.md#e-mails-about-your-application), In Review included.
    expect(statusSavePlan(facts({ from: 'submitted', to: 'in_review' }))).toMatchObject({
      kind: 'confirm',
      mail: { to: 'ada@example.com', subject: 'Your home application is being reviewed' },
    });
    expect(statusSavePlan(facts({ to: 'submitted' }))).toMatchObject({ kind: 'confirm', mail: { subject: 'Your home application is in our review queue' } });
  });

  it('shows the open requests the e-mail lists, each with its note, where the buyer can still answer them', () => {
    const openRequestItems = [
      { title: 'Pay stubs', note: 'Your two latest, please.' },
      { title: 'Correct: Phone', note: 'The number has a digit too few.', reopened: true },
    ];
    const plan = statusSavePlan(facts({ to: 'missing_info', openRequests: 2, openRequestItems }));
    const gist = plan.kind === 'confirm' && 'gist' in plan.mail ? plan.mail.gist : [];
    expect(gist).toContain('• Pay stubs: “Your two latest, please.”');
    expect(gist).toContain('• Correct: Phone (reopened): “The number has a digit too few.”');
    // An approval does not list them: they can no longer be answered.
    const approved = statusSavePlan(facts({ to: 'approved', openRequests: 2, openRequestItems }));
    expect(approved.kind === 'confirm' && 'gist' in approved.mail && approved.mail.gist.join(' ')).not.toContain('Pay stubs');
  });

  it('asks for the reason when declining, and previews the e-mail with it', () => {
    expect(statusSavePlan(facts({ to: 'declined' }))).toMatchObject({
      kind: 'confirm',
      needsReason: true,
      mail: { subject: 'An update on your home application' },
    });
    const plan = statusSavePlan(facts({ to: 'declined', declineReason: '  The income does not cover the payments. ' }));
    expect(plan.kind === 'confirm' && 'gist' in plan.mail && plan.mail.gist[1]).toBe("Our reviewer's note: The income does not cover the payments.");
    const blank = statusSavePlan(facts({ to: 'declined', declineReason: '  ' }));
    expect(blank.kind === 'confirm' && 'gist' in blank.mail && blank.mail.gist.join(' ')).not.toContain('note');
  });
});

describe('approvalConcerns', () => {
  const doc = (type: string, reviewState: 'accepted' | 'needs_attention' | null) => ({ type, reviewState });
  const allAccepted = [doc('governmentId', 'accepted'), doc('governmentId', 'accepted'), doc('bankStatements', 'accepted'), doc('paystubs', 'accepted')];

  it('has nothing to say when every required type has a file and every file is accepted', () => {
    expect(approvalConcerns(allAccepted, false)).toBeNull();
  });

  it('names the missing types (tax returns only for the self-employed), and counts files not reviewed or needing attention', () => {
    expect(approvalConcerns(allAccepted, true)).toEqual({ missing: ['Tax Returns'], unreviewed: 0, needsAttention: 0 });
    const concerns = approvalConcerns([doc('governmentId', null), doc('paystubs', 'needs_attention'), doc('paystubs', null)], false);
    expect(concerns).toEqual({ missing: ['Bank Statements'], unreviewed: 2, needsAttention: 1 });
    expect(approvalConcernLines(concerns!)).toEqual(['Missing: Bank Statements.', '2 files not reviewed yet.', '1 file marked Needs attention.']);
  });
});
