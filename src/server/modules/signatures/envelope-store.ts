import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  ENVELOPE_COUNTERSIGNED,
  envelopeStatus,
  expiresAtFrom,
  signerFields,
  signRefusal,
  type DocBlock,
  type EnvelopeDetail,
  type EnvelopeKind,
  type EnvelopeSummary,
} from '../../../domain/signatures/envelopes';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db, Executor } from '../../platform/db/client';
import { homes, signatureEnvelopes, signatureSigners, users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { pdfDocument, type PdfLine } from '../../platform/pdf/pdf';
import { notifySignatureStep } from './signature-notifications';

/**
 * Envelopes (docs/decisions/033-signatures.md, docs/decisions/039-addenda-and-envelopes.md): creating one for any kind
 * of document, reading them for their signers, the homeowner and staff. Signing is in ./signing.ts, staff's void,
 * resend and wet-signed scans in ./staff-envelopes.ts.
 */

export type SignatureDeps = Pick<Deps, 'db' | 'storage' | 'brand' | 'config' | 'jobs' | 'logger'>;

/** Who acts, from the session; `ip` and `userAgent` from the request. */
export interface Signer {
  id: string;
  email: string;
  role: string;
  ip: string | null;
  userAgent: string | null;
}

export type EnvelopeRow = typeof signatureEnvelopes.$inferSelect;
export type SignerRow = typeof signatureSigners.$inferSelect;
export type StepRecord = { at: string; ip: string | null; userAgent: string | null };
export type Steps = Partial<Record<'opened' | 'consented' | 'signed' | 'declined', StepRecord>>;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const notFound = () => new AppError(404, 'not_found', 'There is no such document.');
export const eSignOff = () =>
  new AppError(409, 'esign_off', 'E-signatures are switched off: staff upload the wet-signed scan instead. Anything already signed stays available.');

export async function readStored(deps: Pick<Deps, 'storage'>, key: string): Promise<Buffer | undefined> {
  const stored = await deps.storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The document's blocks as the PDF module's lines. */
export function pdfLinesOf(blocks: readonly DocBlock[]): PdfLine[] {
  return blocks.flatMap((block): PdfLine[] => {
    if ('heading' in block) return [{ heading: block.heading }];
    if ('text' in block) return [{ text: block.text }, { blank: true }];
    if ('list' in block) return block.list.map((item) => ({ text: `\u2022 ${item}` }));
    return [
      {
        table: {
          columns: block.table.columns.map((label, i) => ({ label, align: i > 0 && /^[−\-$\d]/.test(block.table.rows[0]?.[i] ?? '') ? 'right' : 'left' })),
          rows: block.table.rows,
        },
      },
      { blank: true },
    ];
  });
}

/**
 * A new envelope (docs/decisions/039-addenda-and-envelopes.md 'Creating an envelope'): what a module calls, in its own
 * transaction, to send a document for signature. The first signer is a person with an account (the homeowner or
 * buyer); staff countersign after them when the kind says so (ENVELOPE_COUNTERSIGNED). When the envelope is completed,
 * declined or voided, the handlers registered for its kind (./envelope-kinds.ts) act on `subjectId`.
 */
export interface NewEnvelope {
  kind: EnvelopeKind;
  /** The row the kind's handlers act on: the home (agreement), the payment change, the notice, the letter. */
  subjectId: string;
  /** The home it is about; null only for a letter of intent. */
  homeId: string | null;
  title: string;
  /** The text, shown as HTML on the signing page; the PDF is drawn from it unless `pdf` is given. */
  blocks: DocBlock[];
  subtitle: string;
  footer: string;
  /** The exact bytes to sign, when the caller drew its own PDF from the same blocks. */
  pdf?: Buffer;
  signer: { userId: string; name: string; email: string };
  /**
   * When it expires, if earlier than the usual 30 days: a document whose subject has its own deadline (an exit quote's
   * validity, its move date 60 days away) cannot be signed after it (docs/decisions/043-signed-exit-quotes.md).
   */
  expiresAt?: Date;
}

/** The PDF of `blocks`, with a closing word on how it is signed. */
export async function envelopePdf(input: Pick<NewEnvelope, 'title' | 'subtitle' | 'footer' | 'blocks'>, closing: string): Promise<Buffer> {
  return pdfDocument({
    title: input.title,
    subtitle: input.subtitle,
    lines: [...pdfLinesOf(input.blocks), { heading: 'Signatures' }, { text: closing }],
    footer: input.footer,
  });
}

/** Creates and sends an envelope in `tx` (audited, the first signer mailed); returns its id. */
export async function createEnvelope(deps: Pick<Deps, 'storage' | 'brand'>, tx: Executor, actor: AuditActor, input: NewEnvelope): Promise<string> {
  const countersigned = ENVELOPE_COUNTERSIGNED[input.kind];
  const pdf =
    input.pdf ??
    (await envelopePdf(
      input,
      countersigned
        ? `Signed electronically by ${input.signer.name} and for ${deps.brand.name}; the signatures, times and the seal follow on the certificate of completion.`
        : `Signed electronically by ${input.signer.name}; the signature, its time and ${deps.brand.name}'s seal follow on the certificate of completion.`,
    ));
  const hash = sha256(pdf);
  const now = new Date();
  const [envelope] = await tx
    .insert(signatureEnvelopes)
    .values({
      homeId: input.homeId,
      subjectId: input.subjectId,
      kind: input.kind,
      title: input.title,
      documentKey: 'pending',
      documentSha256: hash,
      documentSize: pdf.length,
      documentText: input.blocks,
      expiresAt: input.expiresAt && input.expiresAt < expiresAtFrom(now) ? input.expiresAt : expiresAtFrom(now),
      createdBy: actor.id,
    })
    .returning({ id: signatureEnvelopes.id });
  const id = envelope!.id;
  const key = `signatures/${id}/document`;
  await deps.storage.put(key, Readable.from(pdf), { contentType: 'application/pdf' });
  await tx.update(signatureEnvelopes).set({ documentKey: key }).where(eq(signatureEnvelopes.id, id));
  await tx
    .insert(signatureSigners)
    .values([
      { envelopeId: id, position: 1, role: 'homeowner', userId: input.signer.userId, name: input.signer.name, email: input.signer.email, state: 'pending' },
      ...(countersigned
        ? [{ envelopeId: id, position: 2, role: 'staff' as const, name: `${deps.brand.name} staff`, email: deps.brand.contactEmail, state: 'waiting' as const }]
        : []),
    ]);
  await recordAudit(tx, actor, {
    action: 'send',
    entityType: 'signature_envelopes',
    entityId: id,
    changes: { homeId: input.homeId, kind: input.kind, subjectId: input.subjectId, documentSha256: hash, documentSize: pdf.length },
  });
  await notifySignatureStep(tx, { envelopeId: id, step: 'sign' });
  return id;
}

export async function loadEnvelope(db: Executor, id: string, lock = false) {
  const query = db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.id, id));
  const [envelope] = lock ? await query.for('update') : await query;
  if (!envelope) return undefined;
  const signers = await db.select().from(signatureSigners).where(eq(signatureSigners.envelopeId, id)).orderBy(asc(signatureSigners.position));
  const [home] = envelope.homeId
    ? await db.select({ address: homes.address, userId: homes.userId }).from(homes).where(eq(homes.id, envelope.homeId))
    : [undefined];
  const firstSigner = signers.find((s) => s.role === 'homeowner')?.userId ?? null;
  return { envelope, signers, home: { address: home?.address ?? '', userId: home?.userId ?? firstSigner } };
}

/**
 * The caller's step: the homeowner's (or buyer's) when they are its user; the staff step for an admin who is not this
 * envelope's homeowner (staff never act in the homeowner's place, and a homeowner never countersigns).
 */
export function stepOf(signers: readonly SignerRow[], homeownerId: string | null, user: Pick<Signer, 'id' | 'role'>): SignerRow | undefined {
  const own = signers.find((s) => s.role === 'homeowner' && s.userId === user.id);
  if (own) return own;
  if (user.role === 'admin' && user.id !== homeownerId) return signers.find((s) => s.role === 'staff');
  return undefined;
}

/** Since when the current signer has waited: the sending for the first, the previous signature for the next. */
function waitingSince(envelope: EnvelopeRow, signers: readonly SignerRow[]): string | null {
  const pending = signers.find((s) => s.state === 'pending');
  if (!pending || envelope.state !== 'sent') return null;
  const previous = signers.filter((s) => s.position < pending.position && s.signedAt).at(-1);
  return (previous?.signedAt ?? envelope.createdAt).toISOString();
}

export function summaryOf(envelope: EnvelopeRow, signers: readonly SignerRow[], address: string, now: Date): EnvelopeSummary {
  return {
    id: envelope.id,
    homeId: envelope.homeId,
    subjectId: envelope.subjectId,
    kind: envelope.kind,
    title: envelope.title,
    status: envelopeStatus(envelope, now),
    method: envelope.method,
    createdAt: envelope.createdAt.toISOString(),
    expiresAt: envelope.expiresAt.toISOString(),
    completedAt: envelope.completedAt?.toISOString() ?? null,
    address,
    homeownerName: signers.find((s) => s.role === 'homeowner')?.name ?? '',
    signers: signers.map((s) => ({
      id: s.id,
      position: s.position,
      role: s.role,
      name: s.name,
      state: s.state,
      signedAt: s.signedAt?.toISOString() ?? null,
      steps: s.steps as Steps as Record<string, StepRecord>,
    })),
    endReason: envelope.endReason,
    documentSha256: envelope.documentSha256,
    sealedSha256: envelope.sealedSha256,
    waitingSince: waitingSince(envelope, signers),
  };
}

/** GET /api/envelopes/{id}: the envelope, its text and the caller's step; 404 to anyone who is not one of its signers. */
export async function envelopeFor(deps: SignatureDeps, user: Signer, id: string): Promise<EnvelopeDetail> {
  const loaded = await loadEnvelope(deps.db, id);
  if (!loaded) throw notFound();
  const step = stepOf(loaded.signers, loaded.home.userId, user);
  if (!step) throw notFound();
  const now = new Date();
  const refusal = signRefusal(
    {
      status: envelopeStatus(loaded.envelope, now),
      documentSha256: loaded.envelope.documentSha256,
      storedSha256: loaded.envelope.documentSha256,
      step: { state: step.state, openedSha256: loaded.envelope.documentSha256 },
    },
    'open',
  );
  return {
    ...summaryOf(loaded.envelope, loaded.signers, loaded.home.address, now),
    document: loaded.envelope.documentText as DocBlock[],
    mine: {
      signerId: step.id,
      role: step.role,
      fields: [...signerFields(loaded.envelope.kind, step.role)],
      canSign: !refusal,
      refusal: refusal?.message ?? null,
    },
  };
}

/** The caller's envelopes as a signer, and the wet-signed scans of their home, newest first. */
export async function myEnvelopes(db: Db, userId: string): Promise<EnvelopeSummary[]> {
  const [signed, scans] = await Promise.all([
    db.select({ id: signatureSigners.envelopeId }).from(signatureSigners).where(eq(signatureSigners.userId, userId)),
    db
      .select({ id: signatureEnvelopes.id })
      .from(signatureEnvelopes)
      .innerJoin(homes, eq(homes.id, signatureEnvelopes.homeId))
      .where(and(eq(homes.userId, userId), eq(signatureEnvelopes.method, 'wet'))),
  ]);
  return summaries(
    db,
    [...signed, ...scans].map((m) => m.id),
  );
}

export async function summaries(db: Db, ids: readonly string[], filter: { homeId?: string; subjectId?: string } = {}): Promise<EnvelopeSummary[]> {
  const where = filter.homeId
    ? eq(signatureEnvelopes.homeId, filter.homeId)
    : filter.subjectId
      ? eq(signatureEnvelopes.subjectId, filter.subjectId)
      : ids.length
        ? inArray(signatureEnvelopes.id, [...new Set(ids)])
        : undefined;
  if (!where) return [];
  const envelopes = await db.select().from(signatureEnvelopes).where(where).orderBy(desc(signatureEnvelopes.createdAt));
  if (envelopes.length === 0) return [];
  const envelopeIds = envelopes.map((e) => e.id);
  const homeIds = envelopes.flatMap((e) => (e.homeId ? [e.homeId] : []));
  const [signers, addresses] = await Promise.all([
    db.select().from(signatureSigners).where(inArray(signatureSigners.envelopeId, envelopeIds)).orderBy(asc(signatureSigners.position)),
    homeIds.length ? db.select({ id: homes.id, address: homes.address }).from(homes).where(inArray(homes.id, homeIds)) : Promise.resolve([]),
  ]);
  const now = new Date();
  return envelopes.map((e) =>
    summaryOf(
      e,
      signers.filter((s) => s.envelopeId === e.id),
      addresses.find((a) => a.id === e.homeId)?.address ?? '',
      now,
    ),
  );
}

/** The back office: every envelope still waiting (oldest first), or a home's or a subject's envelopes. */
export async function staffEnvelopes(db: Db, filter: { homeId?: string; subjectId?: string }): Promise<EnvelopeSummary[]> {
  if (filter.homeId || filter.subjectId) return summaries(db, [], filter);
  const waiting = await db.select({ id: signatureEnvelopes.id }).from(signatureEnvelopes).where(eq(signatureEnvelopes.state, 'sent'));
  const list = await summaries(
    db,
    waiting.map((w) => w.id),
  );
  return list.reverse();
}

/** The document for download: the sealed file once completed, else the original; 404 unless the caller may see it. */
export async function envelopeFile(deps: SignatureDeps, user: Signer | 'staff', id: string): Promise<{ bytes: Buffer; name: string; sealed: boolean }> {
  const loaded = await loadEnvelope(deps.db, id);
  if (!loaded) throw notFound();
  const { envelope } = loaded;
  // A wet-signed scan has no signers: its home's homeowner may download it.
  const mayRead = user === 'staff' || stepOf(loaded.signers, loaded.home.userId, user) || (envelope.method === 'wet' && loaded.home.userId === user.id);
  if (!mayRead) throw notFound();
  const key = envelope.sealedKey ?? envelope.documentKey;
  const bytes = await readStored(deps, key);
  if (!bytes) throw notFound();
  const name = `${envelope.kind.replace('_', '-')}-${envelope.id.slice(0, 8)}${envelope.sealedKey ? (envelope.method === 'wet' ? '-wet-signed' : '-sealed') : ''}.pdf`;
  return { bytes, name, sealed: Boolean(envelope.sealedKey) };
}

/** The envelope of a sealed file, found by the file's SHA-256 (the public verify page). */
export async function envelopeBySealedHash(db: Db, hash: string) {
  const [envelope] = await db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.sealedSha256, hash));
  if (!envelope) return undefined;
  const signers = await db.select().from(signatureSigners).where(eq(signatureSigners.envelopeId, envelope.id)).orderBy(asc(signatureSigners.position));
  return { envelope, signers };
}

/** Whether `userId`'s home has an agreement waiting for signatures. */
export async function homeAwaitingSignatures(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ state: homes.agreementState })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(and(eq(homes.userId, userId), eq(homes.agreementState, 'awaiting_signatures')))
    .limit(1);
  return Boolean(row);
}

/** The envelopes of `kind` about `subjectId` still waiting for a signature (locked), newest first. */
export async function waitingEnvelopesOf(tx: Executor, kind: EnvelopeKind, subjectId: string): Promise<EnvelopeRow[]> {
  return tx
    .select()
    .from(signatureEnvelopes)
    .where(and(eq(signatureEnvelopes.kind, kind), eq(signatureEnvelopes.subjectId, subjectId), eq(signatureEnvelopes.state, 'sent')))
    .orderBy(desc(signatureEnvelopes.createdAt))
    .for('update');
}

/** Any envelope of `kind` about `subjectId` in one of `states`. */
export async function hasEnvelope(tx: Executor, kind: EnvelopeKind, subjectId: string, states: readonly EnvelopeRow['state'][]): Promise<boolean> {
  const [row] = await tx
    .select({ id: signatureEnvelopes.id })
    .from(signatureEnvelopes)
    .where(and(eq(signatureEnvelopes.kind, kind), eq(signatureEnvelopes.subjectId, subjectId), inArray(signatureEnvelopes.state, [...states])))
    .limit(1);
  return Boolean(row);
}
