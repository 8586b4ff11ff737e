import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../../domain/brand';
import { SECURITY_LOG_RETENTION_MONTHS, WAITLIST_RETENTION_YEARS } from '../../../domain/privacy/retention';
import { privacyPolicy } from './privacy-policy';

const policy = privacyPolicy(DEFAULT_BRAND);
const sectionText = (id: string) => JSON.stringify(policy.sections.find((s) => s.id === id));

describe('privacy policy', () => {
  it('describes no analytics tool and no performance cookies (there are none)', () => {
    expect(JSON.stringify(policy)).not.toMatch(/analytics tool|performance cookies used/i);
    expect(sectionText('cookies')).not.toContain('"term":"Performance"');
    expect(sectionText('cookies')).toContain('We do not use performance, analytics or advertising cookies.');
    expect(sectionText('sharing')).not.toMatch(/analytics/i);
  });

  it('states the retention periods the server applies (docs/product/privacy.md#retention)', () => {
    expect(sectionText('retention')).toContain(`no longer than ${WAITLIST_RETENTION_YEARS} years after we last heard from you`);
    expect(sectionText('retention')).toContain(`for up to ${SECURITY_LOG_RETENTION_MONTHS} months`);
  });

  it('keeps the sections of docs/product/privacy.md#privacy-policy-page in order', () => {
    expect(policy.sections.map((s) => s.id)).toEqual([
      'introduction',
      'collection-and-storage',
      'how-we-use',
      'sharing',
      'why-we-use',
      'cookies',
      'your-rights',
      'retention',
      'international-transfer',
      'safeguards',
      'minors',
      'third-party-collection',
      'changes',
      'contact',
    ]);
  });
});
