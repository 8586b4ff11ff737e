import { describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS } from './fields';
import { APPLICATION_STATUSES } from './status';
import {
  answerRequestSchema,
  CORRECTABLE_FIELDS,
  CORRECTION_SECTIONS,
  fieldsUnlockedBy,
  MAX_REQUEST_NOTE,
  newRequestSchema,
  reopenRequestSchema,
  REQUEST_ACTIONS,
  REQUEST_STATES,
  requestsChangeable,
  requestStateLabel,
  requestTitle,
  requestTransition,
  statusChangeProblem,
  statusWhenRequestCloses,
  waitingSince,
  type RequestActor,
} from './requests';

const ACTORS: RequestActor[] = ['staff', 'applicant'];

describe('request transitions (docs/decisions/021-requests-and-messages.md)', () => {
  it('allows exactly open → answered → accepted, answered → open (reopen), open → withdrawn, and creation as open', () => {
    const allowed: string[] = [];
    for (const action of REQUEST_ACTIONS)
      for (const state of [null, ...REQUEST_STATES])
        for (const actor of ACTORS) {
          const result = requestTransition(action, state, actor);
          if (result.ok) allowed.push(`${actor} ${action}: ${state ?? '—'} → ${result.to}`);
        }
    expect(allowed.sort()).toEqual(
      [
        'staff create: — → open',
        'applicant answer: open → answered',
        'staff accept: answered → accepted',
        'staff reopen: answered → open',
        'staff withdraw: open → withdrawn',
      ].sort(),
    );
  });

  it('says why a transition is refused: the wrong side, or the wrong state', () => {
    expect(requestTransition('answer', 'open', 'staff')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(requestTransition('accept', 'answered', 'applicant')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(requestTransition('withdraw', 'answered', 'staff')).toEqual({ ok: false, reason: 'wrong_state' });
    expect(requestTransition('accept', 'open', 'staff')).toEqual({ ok: false, reason: 'wrong_state' });
    expect(requestTransition('reopen', 'accepted', 'staff')).toEqual({ ok: false, reason: 'wrong_state' });
    expect(requestTransition('answer', 'withdrawn', 'applicant')).toEqual({ ok: false, reason: 'wrong_state' });
    expect(requestTransition('create', 'open', 'staff')).toEqual({ ok: false, reason: 'wrong_state' });
  });

  it('lets requests change while the application is under review, or approved with an offer under way', () => {
    expect(APPLICATION_STATUSES.filter((status) => requestsChangeable(status))).toEqual(['submitted', 'in_review', 'missing_info']);
    expect(APPLICATION_STATUSES.filter((status) => requestsChangeable(status, true))).toEqual(['submitted', 'in_review', 'missing_info', 'approved']);
  });

  it('labels an open request asked again as Reopened', () => {
    expect(requestStateLabel('open', 1)).toBe('Open');
    expect(requestStateLabel('open', 2)).toBe('Reopened');
    expect(requestStateLabel('answered', 2)).toBe('Answered');
    expect(requestStateLabel('withdrawn', 1)).toBe('Withdrawn');
  });
});

describe('the status rules around requests', () => {
  it('refuses Missing Info without an open request, and nothing else', () => {
    expect(statusChangeProblem('missing_info', 0)).toBe('open_request_needed');
    expect(statusChangeProblem('missing_info', 1)).toBeNull();
    for (const status of APPLICATION_STATUSES.filter((s) => s !== 'missing_info')) expect(statusChangeProblem(status, 0), status).toBeNull();
  });

  it('moves Missing Info back to In Review when the last open request closes, and nothing else', () => {
    expect(statusWhenRequestCloses('missing_info', 0)).toBe('in_review');
    expect(statusWhenRequestCloses('missing_info', 1)).toBeNull();
    for (const status of APPLICATION_STATUSES.filter((s) => s !== 'missing_info')) expect(statusWhenRequestCloses(status, 0), status).toBeNull();
  });

  describe('waiting_since: since when it waits for us', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const earlier = new Date('2026-11-20T09:00:00Z');
    const answered = new Date('2026-11-22T10:00:00Z');

    it('is nobody’s for a draft, an approved or a declined application', () => {
      for (const status of ['draft', 'approved', 'declined'] as const)
        expect(waitingSince({ status, current: earlier, oldestAnsweredAt: answered, now }), status).toBeNull();
    });

    it('keeps the time a submitted or in-review application became ours, else the oldest answer, else now', () => {
      for (const status of ['submitted', 'in_review'] as const) {
        expect(waitingSince({ status, current: earlier, oldestAnsweredAt: answered, now })).toEqual(earlier);
        expect(waitingSince({ status, current: null, oldestAnsweredAt: answered, now })).toEqual(answered);
        expect(waitingSince({ status, current: null, oldestAnsweredAt: null, now })).toEqual(now);
      }
    });

    it('waits for us in Missing Info only from the oldest answered request', () => {
      expect(waitingSince({ status: 'missing_info', current: earlier, oldestAnsweredAt: null, now })).toBeNull();
      expect(waitingSince({ status: 'missing_info', current: null, oldestAnsweredAt: answered, now })).toEqual(answered);
    });
  });
});

describe('correction fields', () => {
  it('offers every answer of the first four steps, by section, and not the consents nor the certification', () => {
    expect(CORRECTION_SECTIONS.map((s) => s.title)).toEqual(['Personal Information', 'Employment & Income', 'Assets', 'Debts']);
    const expected = APPLICATION_FIELDS.filter((f) => ['personal', 'employment', 'assets', 'debts'].includes(f.stepId)).map((f) => f.name);
    expect(CORRECTABLE_FIELDS).toEqual(expected);
    expect(CORRECTABLE_FIELDS).toContain('personal.phone');
    expect(CORRECTABLE_FIELDS).toContain('personal.currentAddress');
    expect(CORRECTABLE_FIELDS).toContain('debts.otherLoans');
    expect(CORRECTABLE_FIELDS).not.toContain('consents.creditPull');
    expect(CORRECTABLE_FIELDS).not.toContain('certified');
    const personal = CORRECTION_SECTIONS[0].fields;
    expect(personal.find((f) => f.name === 'personal.ssnLast4')).toEqual({ name: 'personal.ssnLast4', label: 'Last 4 of SSN', sensitive: true });
    expect(personal.find((f) => f.name === 'personal.phone')).toEqual({ name: 'personal.phone', label: 'Phone Number', sensitive: false });
  });

  it('unlocks exactly the named fields, in the wizard order, and with the self-employed box the fields it switches between', () => {
    expect(fieldsUnlockedBy(['personal.currentAddress', 'personal.phone'])).toEqual(['personal.phone', 'personal.currentAddress']);
    expect(fieldsUnlockedBy(['certified', 'personal.phone'])).toEqual(['personal.phone']);
    expect(fieldsUnlockedBy(['employment.selfEmployed'])).toEqual([
      'employment.employer',
      'employment.startDate',
      'employment.position',
      'employment.selfEmployed',
      'employment.businessName',
      'employment.businessStartDate',
    ]);
  });

  it('names a request on screen', () => {
    expect(requestTitle({ kind: 'document', documentType: 'paystubs', title: null, fields: null })).toBe('Pay Stubs');
    expect(requestTitle({ kind: 'document', documentType: 'other', title: 'Divorce decree', fields: null })).toBe('Divorce decree');
    expect(requestTitle({ kind: 'correction', documentType: null, title: null, fields: ['personal.phone', 'personal.currentAddress'] })).toBe(
      'Correct: Phone Number, Current Address',
    );
  });
});

describe('request schemas', () => {
  const note = 'Please send your two latest pay stubs.';
  const errors = (input: unknown) => {
    const parsed = newRequestSchema.safeParse(input);
    return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a document request of a named type, or Other with a title', () => {
    expect(newRequestSchema.parse({ kind: 'document', documentType: 'paystubs', note })).toEqual({ kind: 'document', documentType: 'paystubs', note });
    expect(newRequestSchema.parse({ kind: 'document', documentType: 'other', title: ' Divorce decree ', note })).toMatchObject({ title: 'Divorce decree' });
    expect(errors({ kind: 'document', documentType: 'other', note })).toEqual({ title: 'Name the document you need.' });
    expect(errors({ kind: 'document', documentType: 'other', title: '   ', note })).toEqual({ title: 'Name the document you need.' });
    expect(errors({ kind: 'document', documentType: 'other', title: 'x'.repeat(101), note })).toHaveProperty('title');
    expect(errors({ kind: 'document', documentType: 'passport', note })).toHaveProperty('documentType');
  });

  it('takes a correction of named fields of the application, each once', () => {
    expect(newRequestSchema.parse({ kind: 'correction', fields: ['personal.phone'], note })).toEqual({ kind: 'correction', fields: ['personal.phone'], note });
    expect(errors({ kind: 'correction', fields: [], note })).toEqual({ fields: 'Choose at least one answer to correct.' });
    expect(errors({ kind: 'correction', fields: ['consents.creditPull'], note })).toHaveProperty('fields.0');
    expect(errors({ kind: 'correction', fields: ['personal.phone', 'personal.phone'], note })).toEqual({ fields: 'Each answer once.' });
    expect(errors({ kind: 'correction', note })).toHaveProperty('fields');
  });

  it('needs a note of 1 to 1,000 characters, and a kind', () => {
    expect(errors({ kind: 'document', documentType: 'paystubs', note: '  ' })).toEqual({ note: 'Write a note to the applicant.' });
    expect(errors({ kind: 'document', documentType: 'paystubs' })).toHaveProperty('note');
    expect(errors({ kind: 'document', documentType: 'paystubs', note: 'x'.repeat(MAX_REQUEST_NOTE) })).toBeNull();
    expect(errors({ kind: 'document', documentType: 'paystubs', note: 'x'.repeat(MAX_REQUEST_NOTE + 1) })).toEqual({
      note: 'Keep the note to 1,000 characters.',
    });
    expect(errors({ documentType: 'paystubs', note })).toHaveProperty('kind');
    expect(errors({ kind: 'document', documentType: 'paystubs', note: 'a\u0000b' })).toHaveProperty('note');
    expect(reopenRequestSchema.safeParse({ note: '' }).success).toBe(false);
    expect(reopenRequestSchema.parse({ note: ' Still the March one, please. ' })).toEqual({ note: 'Still the March one, please.' });
    expect(answerRequestSchema.parse({})).toEqual({});
    expect(answerRequestSchema.safeParse({ comment: 'x'.repeat(MAX_REQUEST_NOTE + 1) }).success).toBe(false);
  });
});
