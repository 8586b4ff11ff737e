import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../brand';
import { privacyPolicy } from './privacy-policy';

const policy = privacyPolicy(DEFAULT_BRAND);
const sectionText = (id: string) => JSON.stringify(policy.sections.find((s) => s.id === id));

describe('privacy policy', () => {
  it('describes no analytics tool and no performance cookies (there are none: issue 12)', () => {
    expect(JSON.stringify(policy)).not.toMatch(/analytics tool|performance cookies used/i);
    expect(sectionText('cookies')).not.toContain('"term":"Performance"');
    expect(sectionText('cookies')).toContain('We do not use performance, analytics or advertising cookies.');
    expect(sectionText('sharing')).not.toMatch(/analytics/i);
  });

  it('keeps the sections of spec §2 in order', () => {
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
