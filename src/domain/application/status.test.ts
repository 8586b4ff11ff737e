import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, dashboardFlags, dashboardStatus, isActiveStatus, isEditable, isWithdrawable, statusBadgeVariant } from './status';
import { nextConsentedAt } from './consents';

describe('application status', () => {
  it('styles badges as docs/product/application.md#statuses says', () => {
    expect(APPLICATION_STATUSES.map(statusBadgeVariant)).toEqual(['outline', 'outline', 'secondary', 'outline', 'default', 'destructive', 'outline']);
  });

  it('lets the owner edit only a draft, and closes a declined or withdrawn application', () => {
    expect(APPLICATION_STATUSES.filter(isEditable)).toEqual(['draft']);
    expect(APPLICATION_STATUSES.filter((s) => !isActiveStatus(s))).toEqual(['declined', 'withdrawn']);
  });

  it('lets the buyer withdraw a submitted, reviewed or approved application, never a draft or a closed one', () => {
    expect(APPLICATION_STATUSES.filter(isWithdrawable)).toEqual(['submitted', 'in_review', 'missing_info', 'approved']);
  });

  it('derives the dashboard status from the role and the application (docs/product/dashboard.md#status)', () => {
    expect(dashboardStatus('guest', null)).toBe('no_application');
    expect(dashboardStatus('guest', 'draft')).toBe('draft');
    expect(['submitted', 'in_review', 'missing_info'].map((s) => dashboardStatus('applicant', s as never))).toEqual(['submitted', 'submitted', 'submitted']);
    expect(dashboardStatus('applicant', 'approved')).toBe('approved');
    expect(dashboardStatus('applicant', 'declined')).toBe('declined');
    expect(dashboardStatus('applicant', 'withdrawn')).toBe('withdrawn');
    expect(dashboardFlags('withdrawn')).toEqual({ hasHome: false, hasSubmittedApplication: true, isApproved: false });
    expect(dashboardStatus('homeowner', 'approved')).toBe('has_home');
    expect(dashboardFlags('submitted')).toEqual({ hasHome: false, hasSubmittedApplication: true, isApproved: false });
    expect(dashboardFlags('no_application')).toEqual({ hasHome: false, hasSubmittedApplication: false, isApproved: false });
    expect(dashboardFlags('has_home')).toEqual({ hasHome: true, hasSubmittedApplication: true, isApproved: true });
  });
});

describe('nextConsentedAt (docs/product/application.md#consents)', () => {
  const now = new Date('2025-03-01T10:00:00Z');
  it('is set when both consents are first ticked, and never changed after', () => {
    expect(nextConsentedAt(null, { creditPull: true, eConsent: false }, now)).toBeNull();
    expect(nextConsentedAt(null, { creditPull: true, eConsent: true }, now)).toEqual(now);
    const earlier = '2025-02-01T09:00:00.000Z';
    expect(nextConsentedAt(earlier, { creditPull: true, eConsent: true }, now)?.toISOString()).toBe(earlier);
    expect(nextConsentedAt(earlier, { creditPull: false, eConsent: false }, now)?.toISOString()).toBe(earlier);
  });
});
