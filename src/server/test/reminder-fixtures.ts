import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_BRAND } from '../../domain/brand';
import type { Db } from '../platform/db/client';
import { applicationRequests, applications, mailOutbox, users } from '../platform/db/schema';
import { createFieldCipher } from '../platform/lib/crypto';
import type { Logger } from '../platform/lib/logger';
import type { Mailer } from '../platform/mail/send-mail';
import type { ReminderDeps } from '../modules/applications/reminders';
import { scheduleDraftReminder, scheduleRequestReminder, scheduleVerifyReminder } from '../modules/applications/reminders-schedule';

/**
 * Due reminders written straight to the database, and what a job runner needs to send
 * them, for the reminders' robustness tests (src/server/modules/applications/reminders-robustness.test.ts)
 * and their runner in a child process (reminder-runner-child.ts).
 */

export type DueReminderKind = 'draft' | 'verify' | 'requests';

export interface DueReminder {
  kind: DueReminderKind;
  /** The address it goes to (lower case, as stored). */
  email: string;
  /** The audit entry's entity: the application, or the user for a verification reminder. */
  entityId: string;
}

const DAY = 86_400_000;

/** `count` reminders of `kind`, each for an account of its own, due an hour ago. */
export async function insertDueReminders(db: Db, kind: DueReminderKind, count: number): Promise<DueReminder[]> {
  const made: DueReminder[] = [];
  const past = new Date(Date.now() - DAY - 3_600_000);
  for (let i = 0; i < count; i += 1) {
    const userId = randomUUID();
    const email = `due.${kind}.${userId}@example.com`;
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        name: 'Dee Due',
        email,
        firstName: 'Dee',
        lastName: 'Due',
        role: kind === 'requests' ? 'applicant' : 'guest',
        emailVerified: kind !== 'verify',
        createdAt: past,
        updatedAt: past,
      });
      if (kind === 'verify') {
        await scheduleVerifyReminder(tx, userId, past);
        made.push({ kind, email, entityId: userId });
        return;
      }
      const [application] = await tx
        .insert(applications)
        .values({
          userId,
          status: kind === 'draft' ? 'draft' : 'missing_info',
          draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} },
          submittedAt: kind === 'draft' ? null : past,
          createdAt: past,
          updatedAt: past,
        })
        .returning({ id: applications.id });
      if (kind === 'draft') {
        await scheduleDraftReminder(tx, application.id, past);
      } else {
        const [request] = await tx
          .insert(applicationRequests)
          .values({ applicationId: application.id, kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.', createdAt: past })
          .returning({ id: applicationRequests.id, round: applicationRequests.round });
        await scheduleRequestReminder(tx, application.id, request, 1, past);
      }
      made.push({ kind, email, entityId: application.id });
    });
  }
  return made;
}

/** A mailer that keeps mail in the outbox, as the server does without SMTP_URL; `onSent` runs after each. */
export function outboxMailer(db: Db, hooks: { before?: () => Promise<void>; after?: () => Promise<void> } = {}): Mailer {
  return {
    kind: 'outbox',
    async sendMail({ to, subject, text, html, headers }) {
      await hooks.before?.();
      await db.insert(mailOutbox).values({ to, subject, text, html, headers: headers ?? null });
      await hooks.after?.();
    },
    close: () => undefined,
  };
}

/** A fixed secret, so links made in a child process and in the test agree. */
export const TEST_AUTH_SECRET = 'reminder-tests-secret-0123456789-abcdefghijklmnop';

/** What registerReminders needs, outside a server. */
export function reminderDeps(db: Db, mailer: Mailer, logger: Logger): ReminderDeps {
  return {
    db,
    mailer,
    logger,
    cipher: createFieldCipher(randomBytes(32)),
    brand: DEFAULT_BRAND,
    config: { APP_URL: 'http://localhost:3000', BETTER_AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: '/nonexistent', EMAIL_VERIFICATION_TTL_SECONDS: 86_400 },
  };
}
