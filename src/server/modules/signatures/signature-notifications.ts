import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '../../../domain/format';
import { safeString } from '../../../domain/safe-text';
import type { EnvelopeKind } from '../../../domain/signatures/envelopes';
import { signatureEnvelopes, signatureSigners } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify, type Notification } from '../../platform/notifications/notification';
import { mailContextOf, type NotificationMail } from '../../platform/notifications/send-notification';
import { adminsListening } from '../../platform/notifications/staff-listening';

/**
 * The signers' e-mail (docs/decisions/033-signatures.md, docs/decisions/039-addenda-and-envelopes.md): 'sign' tells
 * the signer whose turn it is with a link to the signing page — the homeowner, or for the staff step the admins who
 * turned 'Documents waiting for our countersignature' on; 'sealed' gives both parties the link to the sealed PDF,
 * with its SHA-256; 'voided' tells the homeowner staff withdrew it, and why. Built when sent, from the envelope then.
 */
const payload = z.object({ envelopeId: safeString().uuid(), step: z.enum(['sign', 'sealed', 'voided']) });

/** What the homeowner's 'please sign' mail says of each kind, and what waits for the signature. */
const ASK: Record<EnvelopeKind, { ready: (brand: string) => string; after: string }> = {
  agreement: {
    ready: (brand) => `Your ${brand} co-ownership agreement is ready for your signature.`,
    after: 'Your figures and your first charge start once both parties have signed.',
  },
  payment_change: {
    ready: () => 'We approved your new monthly payment: the addendum to your co-ownership agreement is ready for your signature.',
    after: 'The new payment applies from the first month billed after both parties have signed.',
  },
  notice: {
    ready: () => 'Your 60-day notice is ready for your signature.',
    after: 'We act on your notice once you have signed it.',
  },
  letter: {
    ready: (brand) => `Your letter of intent with ${brand} is ready for your signature.`,
    after: 'Sign it in your portal; you can download the sealed copy afterwards.',
  },
  exit_quote: {
    ready: () => 'You accepted your exit quote: the acceptance, with your move date, is ready for your signature.',
    after: 'Your quote is accepted, its valuation and fee locked and your 60-day notice started, once you have signed it.',
  },
};

export const signatureStepNotification: Notification<typeof payload> = defineNotification('signature-step', payload, async (deps, { envelopeId, step }) => {
  const [envelope] = await deps.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.id, envelopeId));
  if (!envelope) return [];
  const signers = await deps.db.select().from(signatureSigners).where(eq(signatureSigners.envelopeId, envelopeId)).orderBy(asc(signatureSigners.position));
  const ctx = mailContextOf(deps);
  const link = appLink(ctx, '/sign', { envelope: envelopeId });
  const first = signers.find((s) => s.role === 'homeowner');
  if (step === 'sign') {
    if (envelope.state !== 'sent') return [];
    const pending = signers.find((s) => s.state === 'pending');
    if (!pending) return [];
    if (pending.role === 'staff') {
      return (await adminsListening(deps.db, 'staff_signatures')).map((admin): NotificationMail => ({
        to: admin.email,
        kind: 'staff_signatures',
        parts: {
          subject: `Please countersign: ${envelope.title}`,
          greeting: hello(admin.firstName),
          paragraphs: [`${first?.name ?? 'The homeowner'} has signed “${envelope.title}”. It waits for a countersignature from ${ctx.brand.name} staff.`],
          action: { label: 'Review and countersign', url: link },
        },
      }));
    }
    const ask = ASK[envelope.kind];
    return [
      {
        to: pending.email,
        kind: 'home_updates',
        parts: {
          subject: `Please sign: ${envelope.title}`,
          greeting: 'Hello,',
          paragraphs: [
            `${ask.ready(ctx.brand.name)} Read it in full, then sign it in your portal; it expires on ${formatDate(envelope.expiresAt)}.`,
            ask.after,
          ],
          action: { label: 'Review and sign', url: link },
        },
      },
    ];
  }
  if (step === 'voided') {
    if (envelope.state !== 'voided' || !first) return [];
    return [
      {
        to: first.email,
        kind: 'home_updates',
        parts: {
          subject: `Withdrawn: ${envelope.title}`,
          greeting: 'Hello,',
          paragraphs: [
            `${ctx.brand.name} staff withdrew “${envelope.title}”, so it can no longer be signed. The reason they gave: ${envelope.endReason ?? 'none'}.`,
          ],
          action: { label: 'View the document', url: link },
        },
      },
    ];
  }
  if (envelope.state !== 'completed' || !envelope.sealedSha256) return [];
  const addresses = new Set(signers.map((s) => s.email));
  return [...addresses].map((address): NotificationMail => ({
    to: address,
    kind: 'home_updates',
    parts: {
      subject: `Signed and sealed: ${envelope.title}`,
      greeting: 'Hello,',
      paragraphs: [
        `Every party has signed “${envelope.title}”. ${ctx.brand.name} sealed the signed PDF with its certificate; download it from the link below and keep it.`,
        `The sealed file's SHA-256 is ${envelope.sealedSha256}. Anyone can check the file on our 'Verify a document' page.`,
      ],
      action: { label: 'Download the sealed PDF', url: link },
    },
  }));
});

export const notifySignatureStep = (tx: JobExecutor, input: z.input<typeof payload>) => notify(tx, signatureStepNotification, input);
