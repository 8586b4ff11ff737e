import { describe, expect, it } from 'vitest';
import { assignRoles, planApplications } from './seed-applications';
import { prng, type SeedContext } from './seed-context';
import { personFactory, planUsers } from './seed-people';

const NOW = new Date('2026-06-01T12:00:00Z');
const YEAR = 365 * 86_400_000;

function context(seed: number): SeedContext {
  const rng = prng(seed);
  return { rng, now: NOW, at: (msAgo) => new Date(NOW.getTime() - msAgo), newPerson: personFactory(rng, new Set()), adminEmail: 'demo.admin@ownstead.example' };
}

describe('the demo applications', () => {
  const ctx = context(11);
  const people = Array.from({ length: 40 }, ctx.newPerson);
  const users = planUsers(ctx, people);
  const planned = planApplications(ctx, people, users, 30, 8);
  assignRoles(ctx, users, planned.current);

  it('gives the first people one application each and some an earlier declined one', () => {
    expect(planned.rows).toHaveLength(38);
    expect(planned.current.map((c) => c.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const active = planned.rows.filter((row) => row.status !== 'declined').map((row) => row.userId);
    expect(new Set(active).size).toBe(active.length);
    const extra = planned.rows.slice(30);
    expect(extra.every((row) => row.status === 'declined')).toBe(true);
    for (const row of extra) {
      const current = planned.rows.find((r) => r.userId === row.userId && r !== row)!;
      expect(row.submittedAt!.getTime()).toBeLessThan(current.submittedAt!.getTime());
    }
  });

  it('submits within the last year and reviews decided ones after submission, before now', () => {
    for (const row of planned.rows) {
      expect(NOW.getTime() - row.submittedAt!.getTime()).toBeLessThanOrEqual(YEAR);
      expect(row.createdAt!.getTime()).toBeLessThan(row.submittedAt!.getTime());
      if (row.status === 'submitted') expect(row.reviewedAt).toBeNull();
      else expect(row.reviewedAt!.getTime()).toBeGreaterThan(row.submittedAt!.getTime());
    }
  });

  it("keeps each applicant's name and e-mail on the application, and the sensitive values apart from the draft", () => {
    for (const row of planned.rows) {
      const user = users.find((u) => u.id === row.userId)!;
      expect([row.firstName, row.lastName, row.email]).toEqual([user.firstName, user.lastName, user.email]);
      expect(row.draft).not.toHaveProperty('personal.ssnLast4');
      expect(row.draft).not.toHaveProperty('personal.dateOfBirth');
    }
    expect(planned.sensitive.map(([id]) => id)).toEqual(planned.rows.map((row) => row.id));
    for (const [, ssnLast4, dateOfBirth] of planned.sensitive) {
      expect(ssnLast4).toMatch(/^\d{4}$/);
      expect(dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('makes applicants of people with an application, homeowners only of approved ones, and leaves the others guests', () => {
    planned.current.forEach(({ index, status }) => {
      expect(users[index].role).toMatch(status === 'approved' ? /^(applicant|homeowner)$/ : /^applicant$/);
    });
    expect(users.slice(30).every((user) => user.role === 'guest')).toBe(true);
  });
});
