import type { Brand } from '../../../domain/brand';
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

/** The greeting of every mail: by first name when there is one. */
export const hello = (firstName: string | null | undefined) => (firstName ? `Hi ${firstName},` : 'Hi,');

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

/** To the new address of an e-mail change (src/server/modules/accounts/change-email.ts): the link that makes the change. */
export function changeEmailVerificationMail(ctx: MailContext, { firstName, token, validForSeconds }: LinkMail): MailContent {
  return renderMail(ctx.brand, {
    subject: `Confirm your new email for ${ctx.brand.name}`,
    greeting: hello(firstName),
    paragraphs: [`You asked to use this address for your ${ctx.brand.name} account. Confirm it, and it becomes the address you sign in with.`],
    action: { label: 'Confirm my new email', url: appLink(ctx, '/account/confirm-email', { token }) },
    after: [
      `This link works once and stops working after ${describeDuration(validForSeconds)}. Until you open it, your account keeps its current address. If you did not ask for this, ignore this email.`,
    ],
  });
}

/** To the current address of an e-mail change: a notice, so a change the owner did not ask for does not go unseen. */
export function emailChangeNoticeMail(ctx: MailContext, { firstName, newEmail }: { firstName?: string; newEmail: string }): MailContent {
  return renderMail(ctx.brand, {
    subject: `Your ${ctx.brand.name} email is being changed`,
    greeting: hello(firstName),
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${newEmail}. The change happens only once the link we sent to that address is opened; until then, you keep signing in with this address.`,
      `If this wasn't you, someone knows your password: change it now on your account page. That signs everyone else out, and the change cannot be finished without signing in to your account. Questions: ${ctx.brand.contactEmail}.`,
    ],
    action: { label: 'Review my account', url: appLink(ctx, '/account') },
  });
}

/** To the owner of an address another account asked to change to: nothing changed, and the requester was told nothing. */
export function emailInUseMail(ctx: MailContext, { firstName }: { firstName?: string }): MailContent {
  return renderMail(ctx.brand, {
    subject: `Someone tried to use your email on another ${ctx.brand.name} account`,
    greeting: hello(firstName),
    paragraphs: [
      `Someone just asked to change the email address of another ${ctx.brand.name} account to this one. This address already belongs to your account, so nothing changed.`,
      'If that was you, you already have an account with this address: sign in with it. If it was not you, there is nothing to do: your account and password are unchanged.',
    ],
    action: { label: 'Sign in', url: appLink(ctx, '/auth/signin') },
  });
}

/** To the address of an account just erased (docs/product/privacy.md#account-deletion): what went, and that it is final. */
export function accountDeletedMail(ctx: MailContext, { firstName }: { firstName?: string }): MailContent {
  return renderMail(ctx.brand, {
    subject: `Your ${ctx.brand.name} account has been deleted`,
    greeting: hello(firstName),
    paragraphs: [
      'Your account and everything stored with it have been removed: your profile, sign-in methods and every session, your home application, every document you uploaded, your waitlist entry and the emails we kept for you.',
      `This cannot be undone, and we will not e-mail you again unless you write to us or join us anew. If you did not ask for this, write to ${ctx.brand.contactEmail} straight away.`,
    ],
  });
}
