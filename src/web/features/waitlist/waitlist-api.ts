import { useMutation } from '@tanstack/react-query';
import { waitlistApi } from '../../../domain/api/waitlist';
import type { WaitlistForm } from '../../../domain/waitlist';
import { callApi } from '../../lib/call-api';

/** POST /api/waitlist with the client's timestamp and the honeypot (docs/product/waitlist.md); the page shows the outcome. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (values: WaitlistForm & { website?: string }) => callApi(waitlistApi.submit, { body: { ...values, timestamp: new Date().toISOString() } }),
  });
}
