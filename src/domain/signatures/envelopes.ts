import { z } from 'zod';
import { safeString } from '../safe-text';

/**
 * Documents sent for signature (docs/decisions/033-signatures.md): the envelope's states, the
 * signer's steps and the rules every route applies, pure so that a unit test pins them.
 */

/**
 * What an envelope's document is; each kind names what happens when it is completed, declined or voided (a handler the
 * owning module registers: docs/decisions/039-addenda-and-envelopes.md). A new kind is a line here and a migration.
 */
export const ENVELOPE_KINDS = ['agreement', 'payment_change', 'notice', 'letter', 'exit_quote'] as const;
export type EnvelopeKind = (typeof ENVELOPE_KINDS)[number];
/** 'sent': waiting for a signer; 'completed': all signed and sealed (or a wet-signed scan); 'declined'; 'voided' by staff. Expiry is read from `expiresAt`. */
export const ENVELOPE_STATES = ['sent', 'completed', 'declined', 'voided'] as const;
export type EnvelopeState = (typeof ENVELOPE_STATES)[number];
export const SIGNER_ROLES = ['homeowner', 'staff'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
/** 'waiting': an earlier signer has not signed yet; 'pending': their turn. */
export const SIGNER_STATES = ['waiting', 'pending', 'signed', 'declined'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];

export const ENVELOPE_VALID_DAYS = 30;
export const ENVELOPE_KIND_LABELS: Record<EnvelopeKind, string> = {
  agreement: 'Co-ownership agreement',
  payment_change: 'Payment change addendum',
  notice: '60-day notice',
  letter: 'Letter of intent',
  exit_quote: 'Accepted exit quote',
};
/** Whether `staff` countersign after the homeowner (agreement, addendum) or the homeowner's signature alone completes it. */
export const ENVELOPE_COUNTERSIGNED: Record<EnvelopeKind, boolean> = { agreement: true, payment_change: true, notice: false, letter: false, exit_quote: false };

/** What an envelope shows as its state: 'expired' when still 'sent' past its expiry. */
export type EnvelopeStatus = EnvelopeState | 'expired';
export const ENVELOPE_STATUS_LABELS: Record<EnvelopeStatus, string> = {
  sent: 'Awaiting signatures',
  completed: 'Signed and sealed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
};

export function envelopeStatus(envelope: { state: EnvelopeState; expiresAt: Date }, now: Date): EnvelopeStatus {
  return envelope.state === 'sent' && now.getTime() >= envelope.expiresAt.getTime() ? 'expired' : envelope.state;
}

export const expiresAtFrom = (sentAt: Date) => new Date(sentAt.getTime() + ENVELOPE_VALID_DAYS * 86_400_000);

export type SignerField = { id: string; label: string; kind: 'signature' | 'initials' | 'text' };

const STAFF_FIELDS: readonly SignerField[] = [
  { id: 'title', label: 'Your title at the company', kind: 'text' },
  { id: 'signature', label: 'Signature for the company', kind: 'signature' },
];
const INITIALS: Record<EnvelopeKind, string> = {
  agreement: 'Initials: I have read the three ways out and the 60-day notice',
  payment_change: 'Initials: I agree to the new monthly payment from the month named',
  notice: 'Initials: I give my 60-day notice for the date named',
  letter: 'Initials: I have read this letter of intent',
  exit_quote: 'Initials: I accept this quote and give my 60-day notice for the move date named',
};

/** The fields each signer of a kind completes (the adopted signature is applied to every signature field). */
export function signerFields(kind: EnvelopeKind, role: SignerRole): readonly SignerField[] {
  if (role === 'staff') return STAFF_FIELDS;
  return [
    { id: 'initials', label: INITIALS[kind], kind: 'initials' },
    { id: 'signature', label: kind === 'letter' ? 'Buyer signature' : 'Homeowner signature', kind: 'signature' },
  ];
}

/** The agreement's fields by role (kept for the agreement's callers). */
export const SIGNER_FIELDS: Record<SignerRole, readonly SignerField[]> = {
  homeowner: signerFields('agreement', 'homeowner'),
  staff: STAFF_FIELDS,
};

/** Why a signer may not act now; undefined when they may. The order is the order a person meets them. */
export type SignRefusal =
  | { code: 'not_yours'; message: string }
  | { code: 'envelope_closed'; message: string }
  | { code: 'already_signed'; message: string }
  | { code: 'not_your_turn'; message: string }
  | { code: 'document_changed'; message: string };

export interface SignCheck {
  status: EnvelopeStatus;
  /** The envelope's document hash, and the one the stored bytes have now. */
  documentSha256: string;
  storedSha256: string;
  /** The caller's step, or undefined when they are none of its signers. */
  step: { state: SignerState; openedSha256: string | null } | undefined;
  /** For sign: the hash the signer's page was showing. */
  shownSha256?: string;
}

/** The rule of every signer action (open, sign, decline): who, when, and the hash rule. */
export function signRefusal(check: SignCheck, action: 'open' | 'sign' | 'decline'): SignRefusal | undefined {
  if (!check.step) return { code: 'not_yours', message: 'This document is not waiting for your signature: only its own signers can open and sign it.' };
  if (check.step.state === 'signed') return { code: 'already_signed', message: 'You have already signed this document; there is nothing more to sign.' };
  if (check.status === 'expired') return { code: 'envelope_closed', message: 'This document expired before everyone signed. We will send a new one.' };
  if (check.status === 'declined') return { code: 'envelope_closed', message: 'This document was declined, so it can no longer be signed.' };
  if (check.status === 'voided') return { code: 'envelope_closed', message: 'This document was withdrawn by our staff, so it can no longer be signed.' };
  if (check.status === 'completed') return { code: 'envelope_closed', message: 'This document is already signed by everyone.' };
  if (check.step.state === 'declined') return { code: 'envelope_closed', message: 'You declined this document.' };
  if (check.step.state === 'waiting')
    return { code: 'not_your_turn', message: 'An earlier signer has not signed yet: we will e-mail you when it is your turn.' };
  if (action === 'sign') {
    const changed =
      check.storedSha256 !== check.documentSha256 ||
      check.step.openedSha256 !== check.documentSha256 ||
      (check.shownSha256 !== undefined && check.shownSha256 !== check.documentSha256);
    if (changed) return { code: 'document_changed', message: 'The document changed after you opened it, so it cannot be signed. Reload it and read it again.' };
  }
  return undefined;
}

// ---- API shapes ----

const sha256Schema = safeString().regex(/^[0-9a-f]{64}$/, 'A SHA-256 is 64 lower-case hex digits.');

export const adoptedSignatureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('typed'),
    text: safeString({ error: 'Type your name.' }).trim().min(2, 'Type your full name.').max(100, 'A signature is at most 100 characters.'),
  }),
  z.object({
    kind: z.literal('drawn'),
    /** A PNG as a data URL, at most about 200 KB. */
    image: safeString()
      .max(270_000, 'The drawing is too large; clear it and draw again, or type your name.')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'The drawing could not be read; clear it and draw again, or type your name.'),
    /** The typed name that goes with a drawn signature. */
    text: safeString({ error: 'Type your name.' }).trim().min(2, 'Type your full name.').max(100, 'A name is at most 100 characters.'),
  }),
]);
export type AdoptedSignature = z.output<typeof adoptedSignatureSchema>;

export const signBodySchema = z.object({
  documentSha256: sha256Schema,
  consent: z.literal(true, { error: 'Agree to sign electronically to go on.' }),
  signature: adoptedSignatureSchema,
  fields: z.record(safeString().max(40), safeString().trim().max(200, 'At most 200 characters.')),
});
export const declineBodySchema = z.object({
  reason: safeString({ error: 'Say why you decline.' }).trim().min(3, 'Say why you decline, in a few words.').max(1000, 'At most 1,000 characters.'),
});
export const voidBodySchema = z.object({
  reason: safeString({ error: 'Give a reason.' }).trim().min(3, 'Give a reason, in a few words.').max(1000, 'At most 1,000 characters.'),
});

export const docBlockSchema = z.union([
  z.object({ heading: safeString() }),
  z.object({ text: safeString() }),
  z.object({ list: z.array(safeString()) }),
  z.object({ table: z.object({ columns: z.array(safeString()), rows: z.array(z.array(safeString())) }) }),
]);
export type DocBlock = z.output<typeof docBlockSchema>;

const stepSchema = z.object({ at: safeString(), ip: safeString().nullable(), userAgent: safeString().nullable() });
export const signerViewSchema = z.object({
  id: safeString(),
  position: z.number().int(),
  role: z.enum(SIGNER_ROLES),
  name: safeString(),
  state: z.enum(SIGNER_STATES),
  signedAt: safeString().nullable(),
  steps: z.record(safeString(), stepSchema),
});

export const envelopeSummarySchema = z.object({
  id: safeString(),
  /** The home it is about; null for a letter of intent (no home yet). */
  homeId: safeString().nullable(),
  /** The row it is about: the home (agreement), the payment change, the notice or the letter. */
  subjectId: safeString(),
  kind: z.enum(ENVELOPE_KINDS),
  title: safeString(),
  status: z.enum([...ENVELOPE_STATES, 'expired']),
  method: z.enum(['esign', 'wet']),
  createdAt: safeString(),
  expiresAt: safeString(),
  completedAt: safeString().nullable(),
  address: safeString(),
  homeownerName: safeString(),
  signers: z.array(signerViewSchema),
  endReason: safeString().nullable(),
  documentSha256: safeString(),
  sealedSha256: safeString().nullable(),
  /** Since when the current signer has been waiting (the envelope's sending, or the previous signature). */
  waitingSince: safeString().nullable(),
});
export type EnvelopeSummary = z.output<typeof envelopeSummarySchema>;

export const envelopeDetailSchema = envelopeSummarySchema.extend({
  /** The document's text, the same as the PDF's, for the accessible view. */
  document: z.array(docBlockSchema),
  /** The caller's step: what they must complete, and whether they may act now (with the reason when not). */
  mine: z
    .object({
      signerId: safeString(),
      role: z.enum(SIGNER_ROLES),
      fields: z.array(z.object({ id: safeString(), label: safeString(), kind: z.enum(['signature', 'initials', 'text']) })),
      canSign: z.boolean(),
      refusal: safeString().nullable(),
    })
    .nullable(),
});
export type EnvelopeDetail = z.output<typeof envelopeDetailSchema>;

export const envelopeListSchema = z.object({ envelopes: z.array(envelopeSummarySchema) });

/** The wet-signed scan of a home's agreement (e-signatures off): a PDF of at most 25 MB, for the home `homeId`. */
export const SCAN_MAX_BYTES = 25 * 1024 * 1024;
export const scanFormSchema = z.object({ homeId: safeString({ error: 'Choose the home.' }).uuid('Choose the home.') });

export const verifyResultSchema = z.object({
  verdict: z.enum(['sealed_unchanged', 'altered', 'not_ours', 'unsigned']),
  message: safeString(),
  title: safeString().nullable(),
  sealedAt: safeString().nullable(),
  sha256: safeString(),
  signers: z.array(z.object({ name: safeString(), role: z.enum(SIGNER_ROLES), signedAt: safeString().nullable() })),
});
export type VerifyResult = z.output<typeof verifyResultSchema>;
export const VERIFY_MAX_BYTES = 25 * 1024 * 1024;
