import nodemailer from 'nodemailer';
import type { Brand } from '../../../domain/brand';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { resolveAuthSecret } from '../lib/secret';
import type { Logger } from '../lib/logger';
import { outboxOpenUrl } from './outbox-link';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message asks its reader to open (without SMTP, the log names a link that leads to it: outbox-link.ts). */
  actionUrl?: string;
  /** Further headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mail. */
  headers?: Record<string, string>;
}

export type SendMail = (message: MailMessage) => Promise<void>;

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, otherwise 'outbox'. */
  kind: 'smtp' | 'outbox';
  sendMail: SendMail;
  close(): void;
}

export interface MailerDeps {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'APP_URL' | 'BETTER_AUTH_SECRET' | 'DATA_DIR'>;
  db: Db;
  logger: Logger;
  brand: Pick<Brand, 'name' | 'contactEmail'>;
}

/**
 * The one way the server sends mail (docs/product/accounts.md#mail): over SMTP when
 * SMTP_URL is set; otherwise into the mail_outbox table plus one log line naming a
 * link that opens the message's own link (outbox-link.ts), so a laptop with no mail
 * server can still finish sign-up. The line carries no address and no token.
 */
export function createMailer({ config, db, logger, brand }: MailerDeps): Mailer {
  if (config.SMTP_URL) {
    const from = config.MAIL_FROM ?? `"${brand.name}" <${brand.contactEmail}>`;
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async sendMail({ to, subject, text, html, headers }) {
        try {
          const info = await transport.sendMail({ from, to, subject, text, html, ...(headers ? { headers } : {}) });
          logger.info({ messageId: info.messageId, subject }, 'mail sent');
        } catch (error) {
          // The SMTP server's reply may name the recipient: the error's safe facts only.
          const { responseCode } = error as { responseCode?: unknown };
          logger.error({ subject, err: error, smtpCode: typeof responseCode === 'number' ? responseCode : undefined }, 'mail could not be sent');
          throw error;
        }
      },
      close: () => transport.close(),
    };
  }
  // Read once: resolveAuthSecret reads (or writes) DATA_DIR/auth-secret.
  let secret: string | undefined;
  return {
    kind: 'outbox',
    async sendMail({ to, subject, text, html, actionUrl, headers }) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to, subject, text, html, headers: headers ?? null })
        .returning({ id: mailOutbox.id });
      const hint = actionUrl ? `; open its link: ${outboxOpenUrl(config.APP_URL, (secret ??= resolveAuthSecret(config)), row.id)}` : '';
      logger.info({ mailId: row.id, subject }, `mail kept in the outbox (SMTP_URL is not set)${hint}`);
    },
    close: () => undefined,
  };
}
