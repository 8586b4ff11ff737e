import type { WaitlistForm } from '../../../domain/waitlist';
import { api } from '../../lib/api';

/** POST /api/waitlist with the client's timestamp (spec §3); resolves on `status: 'success'`. */
export async function joinWaitlist(values: WaitlistForm & { website?: string }): Promise<void> {
  const reply = await api<{ status?: string; message?: string }>('/api/waitlist', {
    method: 'POST',
    body: { ...values, timestamp: new Date().toISOString() },
  });
  if (reply.status !== 'success') throw new Error(reply.message ?? 'The waitlist did not accept the submission.');
}
