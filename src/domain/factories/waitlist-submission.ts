import type { z } from 'zod';
import type { waitlistRequestSchema } from '../waitlist';
import { uniqueEmail } from './accounts';

/** The JSON body of POST /api/waitlist, as the /waitlist page sends it. */
export type WaitlistRequest = z.input<typeof waitlistRequestSchema>;

/**
 * A complete, valid waitlist submission: every field of the form, consent
 * ticked, a unique address (docs/product/waitlist.md#fields). The factories'
 * conventions: src/domain/factories/accounts.ts.
 */
export function waitlistSubmission(overrides: Partial<WaitlistRequest> = {}): WaitlistRequest {
  return {
    timestamp: '2025-03-14T15:09:26.535Z',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    phone: '(214) 555-0187',
    cityState: 'Dallas, TX',
    intendedState: 'Texas',
    homeType: 'new',
    buyingTimeline: '6months',
    priceRange: '300-400k',
    downPayment: '$25K',
    monthlyPaymentRange: '$1,800-$2,000',
    priority: 'higher-equity',
    housingStatus: 'renter',
    interests: 'Co-owning a starter home near good schools.',
    contactConsent: true,
    ...overrides,
  };
}
