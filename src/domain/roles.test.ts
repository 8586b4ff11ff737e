import { describe, expect, it } from 'vitest';
import { hasRank, isRole, ROLE_RANK, roleLabel, roleRank, ROLES } from './roles';

describe('roles', () => {
  it('ranks guest 0, applicant 1, homeowner 2, admin 3 (docs/product/accounts.md#roles)', () => {
    expect(ROLES.map((role) => [role, roleRank(role)])).toEqual([
      ['guest', 0],
      ['applicant', 1],
      ['homeowner', 2],
      ['admin', 3],
    ]);
    expect(ROLE_RANK.admin).toBe(3);
  });

  it('lets a role pass every rank up to its own', () => {
    expect(hasRank('admin', 3)).toBe(true);
    expect(hasRank('homeowner', 'applicant')).toBe(true);
    expect(hasRank('applicant', 2)).toBe(false);
    expect(hasRank('guest', 0)).toBe(true);
    expect(hasRank('guest', 1)).toBe(false);
  });

  it('gives an unknown or missing role no rank at all', () => {
    for (const value of ['superuser', 'Admin', '', undefined, null, 3]) {
      expect(isRole(value)).toBe(false);
      expect(hasRank(value, 0)).toBe(false);
    }
  });

  it('labels each role for people', () => {
    expect(ROLES.map(roleLabel)).toEqual(['Guest', 'Applicant', 'Homeowner', 'Admin']);
    expect(roleLabel('nope')).toBe('Unknown');
  });
});
