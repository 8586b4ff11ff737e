import { describe, expect, it } from 'vitest';
import { ADMIN_AFTER_SIGN_IN, afterSignInPath, DEFAULT_AFTER_SIGN_IN, safeNextPath, safeRedirectTarget, signInPathFor } from './redirect-target';

describe('safeRedirectTarget', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirectTarget('/account')).toBe('/account');
    expect(safeRedirectTarget('/apply?step=2#documents')).toBe('/apply?step=2#documents');
  });

  it('falls back to the dashboard when nothing was asked for', () => {
    expect(safeRedirectTarget(null)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeRedirectTarget('')).toBe('/dashboard');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard', '/\tevil', '/auth/signin', '/auth/signout?x=1'])(
    'refuses %j',
    (value) => {
      expect(safeRedirectTarget(value)).toBe('/dashboard');
    },
  );

  it('builds the sign-in link that brings the visitor back', () => {
    expect(signInPathFor('/account?from=mail')).toBe('/auth/signin?redirectTo=%2Faccount%3Ffrom%3Dmail');
    expect(safeRedirectTarget(new URLSearchParams(signInPathFor('/account?from=mail').split('?')[1]).get('redirectTo'))).toBe('/account?from=mail');
  });
});

describe('afterSignInPath', () => {
  it('sends an admin to the back office when no page asked for another', () => {
    expect(afterSignInPath(null, { role: 'admin' })).toBe(ADMIN_AFTER_SIGN_IN);
    expect(afterSignInPath('', { role: 'admin' })).toBe('/admin');
  });

  it('sends everyone else to the dashboard', () => {
    for (const role of ['guest', 'applicant', 'homeowner'] as const) expect(afterSignInPath(null, { role })).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(afterSignInPath(null, null)).toBe('/dashboard');
  });

  it('follows the page that asked, for admins too', () => {
    expect(afterSignInPath('/admin/users?page=2', { role: 'admin' })).toBe('/admin/users?page=2');
    expect(afterSignInPath('/account', { role: 'admin' })).toBe('/account');
    expect(afterSignInPath('/dashboard', { role: 'admin' })).toBe('/dashboard');
    expect(afterSignInPath('/apply', { role: 'applicant' })).toBe('/apply');
  });

  it('an unsafe target falls back as if none was asked for', () => {
    expect(afterSignInPath('https://evil.example/', { role: 'applicant' })).toBe('/dashboard');
    expect(afterSignInPath('//evil.example/x', { role: 'admin' })).toBe('/admin');
  });
});

describe('safeNextPath', () => {
  it('keeps a safe path and drops anything else', () => {
    expect(safeNextPath('/admin/users')).toBe('/admin/users');
    expect(safeNextPath('https://evil.example/')).toBeUndefined();
    expect(safeNextPath('/auth/signin')).toBeUndefined();
    expect(safeNextPath(42)).toBeUndefined();
    expect(safeNextPath(undefined)).toBeUndefined();
  });
});
