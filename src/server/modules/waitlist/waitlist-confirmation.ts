import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '../../../domain/safe-text';
import { waitlistEntries } from '../../platform/db/schema';
import { appLink, hello } from '../../platform/mail/templates';
import type { JobRunner } from '../../platform/jobs/runner';
import { enqueue, jobKind } from '../../platform/jobs/queue';
import { mailContextOf, sendNotification, type NotificationDeps, type NotificationMail } from '../../platform/notifications/send-notification';

/**
 * The waitlist's confirmation e-mail (docs/product/waitlist.md#confirmation-e-mail: 'We'll notify you
 * when we launch!' made true). Queued by the sign-up's own statement for each address that is new to the list
 * (store-submission.ts), never for a repeat; kind `waitlist_news`, so it carries the one-click unsubscribe that
 * also stops the announcements. Entries staff add in the back office get none: nobody signed them up for mail.
 * Registered by registerWaitlistConfirmations (below, from src/server/server.ts), throttled.
 */
interface Entry {
  id: string;
  firstName: string;
  email: string;
}

const entriesOf = (deps: NotificationDeps, entryIds: string[]): Promise<Entry[]> =>
  deps.db
    .select({ id: waitlistEntries.id, firstName: waitlistEntries.firstName, email: waitlistEntries.email })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.id, entryIds));

function confirmationMail(deps: NotificationDeps, entry: Entry): NotificationMail {
  const name = deps.brand.name;
  return {
    to: entry.email,
    kind: 'waitlist_news',
    parts: {
      subject: `You're on the ${name} waitlist`,
      greeting: hello(entry.firstName),
      paragraphs: [
        `Thanks for joining the ${name} waitlist. You're on the list, and there is nothing more you need to do.`,
        `What happens next: we'll e-mail you when ${name} launches, and now and then with news as we get closer. When you're ready, you can create an account and apply online.`,
        `In the meantime, our calculators show what you could afford and how co-owning compares with a mortgage.`,
      ],
      action: { label: 'Try the calculators', url: appLink(mailContextOf(deps), '/how-much-home-can-i-afford') },
    },
  };
}

/** One job per stored batch of sign-ups (up to the writer's batch of 200), not one per address; run by the throttled handler below. */
export const waitlistConfirmationJob = jobKind('mail:waitlist-confirmation', z.object({ entryIds: z.array(safeString().uuid()).min(1).max(1000) }));

/** How long one job sends before it hands the rest of its batch to a new job. */
const JOB_SECONDS = 1;

/**
 * Runs the confirmations at the waitlist's mail rate (ANNOUNCEMENT_RATE_PER_SECOND, the announcements' setting), one
 * throttle for all of this instance's confirmation jobs: each mail takes the next free slot; a job sends the mails
 * whose slot comes within about a second and hands the rest of its batch to a new job due at the next free slot. A
 * burst of sign-ups (thousands a second: bench/waitlist.ts) then never has the runner's mail work crowd out the
 * sign-ups' own writes — on PGlite they share one connection — and no job holds the runner for long; the
 * confirmations follow at that rate. Several instances each keep this rate.
 */
export function registerWaitlistConfirmations(runner: JobRunner, deps: NotificationDeps & { ratePerSecond: number }): void {
  const interval = 1000 / Math.max(1, deps.ratePerSecond);
  let nextSlot = 0;
  runner.register(waitlistConfirmationJob, async ({ entryIds }) => {
    const until = Date.now() + JOB_SECONDS * 1000;
    const entries = new Map((await entriesOf(deps, entryIds)).map((entry) => [entry.id, entry]));
    let sent = 0;
    for (const id of entryIds) {
      const slot = Math.max(Date.now(), nextSlot);
      if (slot > until) break;
      sent += 1;
      const entry = entries.get(id);
      // An entry removed meanwhile (staff deleted it) has nothing to confirm.
      if (!entry) continue;
      nextSlot = slot + interval;
      if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
      await sendNotification(deps, confirmationMail(deps, entry));
    }
    const rest = entryIds.slice(sent);
    if (rest.length > 0) {
      await enqueue(deps.db, waitlistConfirmationJob, { entryIds: rest }, { runAt: new Date(Math.max(Date.now(), nextSlot)) });
      runner.kick();
    }
  });
}
