import type { Brand } from '../../domain/brand';
import { renderMail, type MailContent } from './layout';

/** What every template needs: the brand's words and the public address links start from. */
export interface MailContext {
  brand: Pick<Brand, 'name' | 'contactEmail'>;
  /** APP_URL without a trailing slash. */
  appUrl: string;
}

/** A page of the web app, e.g. appLink(ctx, '/auth/verify-email', { token }). */
export function appLink(ctx: MailContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

const hello = (firstName: string | undefined) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** '24 hours', '1 hour', '30 minutes'. */
export function describeDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 86_400 === 0 && seconds > 86_400) return plural(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

interface LinkMail {
  firstName?: string;
  token: string;
  validForSeconds: number;
}

export function verificationMail(ctx: MailContext, { firstName, token, validForSeconds }: LinkMail): MailContent {
  return renderMail(ctx.brand, {
    subject: `Confirm your email for ${ctx.brand.name}`,
    greeting: hello(firstName),
    paragraphs: ['Please confirm that this is your email address, so we can keep you posted about your home application.'],
    action: { label: 'Confirm my email', url: appLink(ctx, '/auth/verify-email', { token }) },
    after: [`This link works once and stops working after ${describeDuration(validForSeconds)}. If you did not create an account, you can ignore this email.`],
  });
}

export function passwordResetMail(ctx: MailContext, { firstName, token, validForSeconds }: LinkMail): MailContent {
  return renderMail(ctx.brand, {
    subject: `Reset your ${ctx.brand.name} password`,
    greeting: hello(firstName),
    paragraphs: ['Someone (hopefully you) asked to reset the password of your account. Choose a new one here:'],
    action: { label: 'Choose a new password', url: appLink(ctx, '/auth/reset-password', { token }) },
    after: [
      `This link works once and stops working after ${describeDuration(validForSeconds)}. Setting a new password signs you out on every device.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  });
}

export function welcomeMail(ctx: MailContext, { firstName }: { firstName?: string }): MailContent {
  return renderMail(ctx.brand, {
    subject: `Welcome to ${ctx.brand.name}`,
    greeting: hello(firstName),
    paragraphs: [
      `Thanks for joining ${ctx.brand.name}. Your dashboard is ready whenever you are: you can explore what you can afford and start your home application there.`,
      'We also sent you a separate email to confirm your address; you will need that before you submit an application.',
    ],
    action: { label: 'Go to my dashboard', url: appLink(ctx, '/dashboard') },
  });
}

export function existingAccountMail(ctx: MailContext, { firstName }: { firstName?: string }): MailContent {
  return renderMail(ctx.brand, {
    subject: `Someone tried to sign up to ${ctx.brand.name} with your email`,
    greeting: hello(firstName),
    paragraphs: [
      `Someone just tried to create a new ${ctx.brand.name} account with this email address. You already have an account, so nothing was created and nothing changed.`,
      'If that was you, sign in instead. If you forgot your password, you can choose a new one from the sign-in page.',
    ],
    action: { label: 'Sign in', url: appLink(ctx, '/auth/signin') },
    after: ['If it was not you, there is nothing to do: your account and password are unchanged.'],
  });
}
