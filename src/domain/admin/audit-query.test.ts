import { describe, expect, it } from 'vitest';
import { auditListSchema, describeChanges } from './audit-query';

describe('the audit Changes column', () => {
  it('shows updates as field: from → to, with empty values as a dash', () => {
    expect(describeChanges({ status: { from: 'submitted', to: 'approved' }, notes: { from: null, to: 'Call back' } })).toEqual([
      'status: submitted → approved',
      'notes: — → Call back',
    ]);
  });

  it('truncates long values to one short line', () => {
    const [line] = describeChanges({ notes: { from: 'a', to: `${'word '.repeat(30)}\nend` } }, { max: 20 });
    expect(line).toBe('notes: a → word word word word…');
  });

  it('shows a create or an export one level down, names first, leaving out empty values', () => {
    expect(
      describeChanges({
        pdf: 'attached',
        notes: null,
        email: 'a@example.com',
        lastName: 'Parks',
        firstName: 'Rosa',
        filter: { q: '', status: 'pending', from: undefined },
      }),
    ).toEqual(['firstName: Rosa', 'lastName: Parks', 'email: a@example.com', 'pdf: attached', 'filter.status: pending']);
    expect(describeChanges(null)).toEqual([]);
  });
});

describe('the audit list parameters', () => {
  it('default to every entity and action over the last 7 days', () => {
    expect(auditListSchema.parse({})).toMatchObject({ entity: 'all', action: 'all', range: '7d', page: 1 });
  });

  it('refuse values outside the lists', () => {
    const result = auditListSchema.safeParse({ entity: 'x', action: 'y', range: '2d' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['action', 'entity', 'range']);
  });
});

describe('the audit Changes column on the page reads as words', () => {
  it('names fields by their labels, spelling out other keys', () => {
    expect(
      describeChanges(
        {
          lastName: { from: 'Parks', to: 'Park' },
          hoaDefault: { from: 200, to: 275 },
          'featureFlags.otp': { from: false, to: true },
          'regionRates.TX.propertyTaxRate': { from: 1.6, to: 1.7 },
          downPaymentAmount: { from: null, to: 50000 },
          moveInDate: { from: 'Q3', to: 'Flexible' },
          assigneeId: { from: null, to: 'u1' },
          valueCents: { from: 1, to: 2 },
        },
        { labels: true },
      ),
    ).toEqual([
      'Last name: Parks → Park',
      'HOA dues ($ a month): 200 → 275',
      'Feature flags: One-time passcodes (OTP): false → true',
      'Property tax (%), Texas: 1.6 → 1.7',
      'Down payment: — → 50000',
      'Move-in date: Q3 → Flexible',
      'Assignee ID: — → u1',
      'Value: $0.01 → $0.02',
    ]);
  });

  it('reads a home’s and a payment’s entries in words: dollars from cents, states, changes at any depth', () => {
    expect(
      describeChanges(
        {
          notice: { id: 'n1', state: { from: 'scheduled', to: 'cancelled' }, reason: 'Moved the date' },
          paymentChange: { monthlyPaymentCents: { from: 235_400, to: 250_050 } },
          home: { state: { from: 'active', to: 'closed' }, closedOn: '2026-10-01' },
        },
        { labels: true },
      ),
    ).toEqual([
      'Notice: ID: n1',
      'Notice: State: scheduled → cancelled',
      'Notice: Reason: Moved the date',
      'Payment change: Monthly payment: $2,354 → $2,500.50',
      'Home: State: active → closed',
      'Home: Closed on: 2026-10-01',
    ]);
    expect(describeChanges({ kind: 'payment', amountCents: 235_400, seq: 7, status: 'in_review' }, { labels: true })).toEqual([
      'Status: in review',
      'Kind: payment',
      'Amount: $2,354',
      'Seq: 7',
    ]);
  });

  it('names a group one level down, and keeps the keys as recorded without labels (the CSV)', () => {
    expect(describeChanges({ filter: { q: 'rosa', status: 'pending' } }, { labels: true })).toEqual(['Filter: Search: rosa', 'Filter: Status: pending']);
    expect(describeChanges({ hoaDefault: { from: 200, to: 275 } })).toEqual(['hoaDefault: 200 → 275']);
  });
});
