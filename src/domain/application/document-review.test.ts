import { describe, expect, it } from 'vitest';
import { documentReviewSchema, REVIEW_REASON_NEEDED } from './document-review';
import { documentReviewText } from './documents';

describe('document review (docs/product/back-office.md#document-review)', () => {
  it('says Accepted, or Needs attention with the reason', () => {
    expect(documentReviewText('accepted', 'ignored')).toBe('Accepted');
    expect(documentReviewText('needs_attention', 'Page 2 is missing.')).toBe('Needs attention: Page 2 is missing.');
    expect(documentReviewText('needs_attention', null)).toBe('Needs attention');
  });

  it('needs a trimmed reason of 1 to 1,000 characters for Needs attention, none for Accepted', () => {
    expect(documentReviewSchema.parse({ state: 'accepted', reason: 'dropped' })).toEqual({ state: 'accepted' });
    expect(documentReviewSchema.parse({ state: 'needs_attention', reason: '  Blurry.  ' })).toEqual({ state: 'needs_attention', reason: 'Blurry.' });
    for (const reason of [undefined, '   ']) {
      const result = documentReviewSchema.safeParse({ state: 'needs_attention', reason });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['reason'], message: REVIEW_REASON_NEEDED });
    }
    expect(documentReviewSchema.safeParse({ state: 'needs_attention', reason: 'x'.repeat(1000) }).success).toBe(true);
    expect(documentReviewSchema.safeParse({ state: 'needs_attention', reason: 'x'.repeat(1001) }).success).toBe(false);
  });
});
