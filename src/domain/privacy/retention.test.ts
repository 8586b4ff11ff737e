import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../brand';
import { privacyPolicy } from '../content/privacy-policy';
import { SECURITY_LOG_RETENTION_MONTHS, WAITLIST_RETENTION_YEARS } from './retention';

describe('retention periods', () => {
  it('are the ones the privacy policy states', () => {
    const retention = privacyPolicy(DEFAULT_BRAND).sections.find((s) => s.id === 'retention');
    const text = JSON.stringify(retention);
    expect(text).toContain(`no longer than ${WAITLIST_RETENTION_YEARS} years after we last heard from you`);
    expect(text).toContain(`for up to ${SECURITY_LOG_RETENTION_MONTHS} months`);
  });
});
