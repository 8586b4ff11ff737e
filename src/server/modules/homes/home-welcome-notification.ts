import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '../../../domain/safe-text';
import { homes, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The new homeowner's e-mail when staff record their purchase
 * (docs/decisions/022-homes-and-ledger.md 'Roles'): their dashboard now shows their own
 * home. Queued in the purchase's transaction; sends nothing if the home is gone.
 */
export const homeWelcomeNotification = defineNotification('home-welcome', z.object({ homeId: safeString().uuid() }), async (deps, { homeId }) => {
  const [row] = await deps.db
    .select({ email: users.email, firstName: users.firstName, address: homes.address })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(eq(homes.id, homeId));
  if (!row) return [];
  const ctx = mailContextOf(deps);
  return [
    {
      to: row.email,
      kind: 'home_updates',
      parts: {
        subject: `Welcome home: your ${ctx.brand.name} dashboard is ready`,
        greeting: hello(row.firstName),
        paragraphs: [
          `Congratulations: the purchase of ${row.address} is recorded, and your home's agreement with ${ctx.brand.name} is in place.`,
          'Your dashboard now shows your own figures: your equity, your share of the appreciation and your monthly payment.',
        ],
        action: { label: 'Open my dashboard', url: appLink(ctx, '/dashboard') },
      },
    },
  ];
});

/** Queues the welcome e-mail, in the purchase's transaction. */
export async function notifyHomeWelcome(tx: JobExecutor, homeId: string): Promise<void> {
  await notify(tx, homeWelcomeNotification, { homeId });
}
