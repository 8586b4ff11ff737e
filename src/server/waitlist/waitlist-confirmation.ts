import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '../../domain/safe-text';
import { waitlistEntries } from '../db/schema';
import { appLink } from '../mail/templates';
import { defineNotification } from '../notifications/notification';
import { mailContextOf } from '../notifications/send-notification';

/**
 * The waitlist's confirmation e-mail (docs/product/waitlist.md#confirmation-e-mail; issue 13: 'We'll notify you
 * when we launch!' made true). Queued by the sign-up's own statement for each address that is new to the list
 * (store-submission.ts), never for a repeat; kind `waitlist_news`, so it carries the one-click unsubscribe that
 * also stops the announcements. Entries staff add in the back office get none: nobody signed them up for mail.
 */
export const waitlistConfirmation = defineNotification('waitlist-confirmation', z.object({ entryId: safeString().uuid() }), async (deps, { entryId }) => {
  const [entry] = await deps.db
    .select({ firstName: waitlistEntries.firstName, email: waitlistEntries.email })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  // Removed meanwhile (staff deleted it): nothing to confirm.
  if (!entry) return [];
  const ctx = mailContextOf(deps);
  const name = deps.brand.name;
  return [
    {
      to: entry.email,
      kind: 'waitlist_news',
      parts: {
        subject: `You're on the ${name} waitlist`,
        greeting: entry.firstName ? `Hi ${entry.firstName},` : 'Hi,',
        paragraphs: [
          `Thanks for joining the ${name} waitlist. You're on the list, and there is nothing more you need to do.`,
          `What happens next: we'll e-mail you when ${name} launches, and now and then with news as we get closer. When you're ready, you can create an account and apply online.`,
          `In the meantime, our calculators show what you could afford and how co-owning compares with a mortgage.`,
        ],
        action: { label: 'Try the calculators', url: appLink(ctx, '/how-much-home-can-i-afford') },
      },
    },
  ];
});
