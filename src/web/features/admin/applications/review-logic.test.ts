import { describe, expect, it } from 'vitest';
import { checkRequestDraft, EMPTY_REQUEST_DRAFT, statusSavePlan, type StatusSaveFacts } from './review-logic';

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
    expect(statusSavePlan(facts({ to: 'submitted' }))).toEqual({ kind: 'confirm', needsReason: false, mail: { none: 'status_sends_none' } });
  });

  it('asks for the reason when declining', () => {
    expect(statusSavePlan(facts({ to: 'declined' }))).toMatchObject({
      kind: 'confirm',
      needsReason: true,
      mail: { subject: 'An update on your home application' },
    });
  });
});

describe('the request form (docs/product/back-office.md#requests)', () => {
  it('says under each field what is missing', () => {
    expect(checkRequestDraft(EMPTY_REQUEST_DRAFT)).toEqual({
      ok: false,
      errors: { documentType: 'Choose the document you need, or Other.', note: 'Write a note to the applicant.' },
    });
    expect(checkRequestDraft({ ...EMPTY_REQUEST_DRAFT, documentType: 'other', note: 'x' })).toEqual({
      ok: false,
      errors: { title: 'Name the document you need.' },
    });
    expect(checkRequestDraft({ ...EMPTY_REQUEST_DRAFT, kind: 'correction', note: 'x' })).toEqual({
      ok: false,
      errors: { fields: 'Choose at least one answer to correct.' },
    });
    expect(checkRequestDraft({ ...EMPTY_REQUEST_DRAFT, documentType: 'paystubs', note: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      errors: { note: expect.any(String) },
    });
  });

  it('sends only what the chosen kind needs, trimmed', () => {
    const draft = { kind: 'document' as const, documentType: 'paystubs' as const, title: 'left over', fields: ['personal.phone'], note: '  Your pay stubs.  ' };
    expect(checkRequestDraft(draft)).toEqual({ ok: true, body: { kind: 'document', documentType: 'paystubs', note: 'Your pay stubs.' } });
    expect(checkRequestDraft({ ...draft, documentType: 'other', title: 'Gift letter' })).toEqual({
      ok: true,
      body: { kind: 'document', documentType: 'other', title: 'Gift letter', note: 'Your pay stubs.' },
    });
    expect(checkRequestDraft({ ...draft, kind: 'correction' })).toEqual({
      ok: true,
      body: { kind: 'correction', fields: ['personal.phone'], note: 'Your pay stubs.' },
    });
  });
});
