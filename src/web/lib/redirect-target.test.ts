import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeRedirectTarget, signInPathFor } from './redirect-target';

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
