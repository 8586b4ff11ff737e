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
