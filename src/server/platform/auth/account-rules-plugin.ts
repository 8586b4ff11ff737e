import type { BetterAuthPlugin } from 'better-auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SendMail } from '../mail/send-mail';
import type { MailContext } from '../mail/templates';
import { signInAuditHook } from './audit-hooks';
import { changePasswordRevokesHook, passwordPolicyHook } from './password-hooks';
import { passwordCheckLimitHook, rateLimitHook } from './rate-limit-hook';
import { revokeOtherSessionsHook, sessionTwoFactorDatabaseHooks } from './session-two-factor';
import { safeTextHook } from './safe-text-hook';
import { signUpShapeHook, verifyReminderOnSignUp, welcomeOnSignUp, type OnUnverifiedSignUp } from './sign-up-hooks';
import { verifyOnceHook } from './verify-once-hook';

export interface AccountRulesDeps {
  db: Db;
  config: Config;
  sendMail: SendMail;
  mailContext: MailContext;
  /** Work a module does when someone signs up with e-mail and is not yet verified (the verify reminder), in the background. */
  onUnverifiedSignUp?: OnUnverifiedSignUp;
}

/**
 * This app's rules around better-auth's endpoints (docs/decisions/006-accounts.md), as
 * plugin hooks so they hold for HTTP requests and server-side `auth.api.*` calls
 * alike. Before hooks run in this order; the first to throw answers.
 */
export function accountRules({ db, config, sendMail, mailContext, onUnverifiedSignUp }: AccountRulesDeps): BetterAuthPlugin {
  const welcome = welcomeOnSignUp(sendMail, mailContext);
  const verifyReminder = verifyReminderOnSignUp(db, onUnverifiedSignUp);
  return {
    id: 'account-rules',
    init: () => ({
      options: {
        databaseHooks: {
          ...sessionTwoFactorDatabaseHooks,
          user: {
            create: {
              after: async (user, ctx) => {
                await verifyReminder(user, ctx);
                await welcome(user, ctx);
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        // First: a NUL or lone surrogate would fail the others' queries.
        safeTextHook,
        rateLimitHook(db, config),
        passwordCheckLimitHook(db, config),
        signUpShapeHook,
        passwordPolicyHook,
        changePasswordRevokesHook,
        verifyOnceHook,
      ],
      after: [signInAuditHook(db), revokeOtherSessionsHook(db)],
    },
  };
}
