import { eq } from 'drizzle-orm';
import { formatCents, formatDate } from '../../../domain/format';
import { NOTICE_KIND_LABELS } from '../../../domain/homes/states';
import type { DocBlock } from '../../../domain/signatures/envelopes';
import type { AuditActor } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/client';
import { homeNotices, homePaymentChanges, homes, users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { getSettings } from '../../platform/settings/settings-store';
import { createEnvelope } from '../signatures';

/**
 * The homes module's documents for signature (docs/decisions/039-addenda-and-envelopes.md): a payment change's
 * addendum (signed by the homeowner, then staff) and a 60-day notice (signed by the homeowner). Each is sent in the
 * transaction of the step that makes it; what happens when it is signed, declined or voided is in ./envelope-handlers.ts.
 */

export type AddendumDeps = Pick<Deps, 'db' | 'storage' | 'brand'>;

type ChangeRow = typeof homePaymentChanges.$inferSelect;
type NoticeRow = typeof homeNotices.$inferSelect;

/** Whether e-signatures are on: then addenda and notices wait for their signatures. */
export async function eSignOn(deps: Pick<Deps, 'db'>): Promise<boolean> {
  return (await getSettings(deps.db)).featureFlags.eSign;
}

/** The homeowner of `homeId` (name, e-mail, account) and the home's address: the signer of the homes module's documents. */
export async function homeownerOf(tx: Executor, homeId: string) {
  const [row] = await tx
    .select({
      userId: homes.userId,
      address: homes.address,
      purchaseDate: homes.purchaseDate,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(eq(homes.id, homeId));
  if (!row) throw new Error(`no home ${homeId}`);
  return { ...row, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email };
}

/** The addendum of an approved payment change: the payment before and after, from the first month billed after signing. */
export async function sendPaymentChangeAddendum(deps: AddendumDeps, tx: Executor, actor: AuditActor, change: ChangeRow, currentCents: number): Promise<string> {
  const owner = await homeownerOf(tx, change.homeId);
  const brand = deps.brand.name;
  const blocks: DocBlock[] = [
    { heading: 'What changes' },
    {
      text: `This addendum between ${brand} and ${owner.name} changes the monthly payment for ${owner.address}, under the co-ownership agreement of the purchase of ${formatDate(owner.purchaseDate)}.`,
    },
    { table: { columns: ['Term', 'Before', 'After'], rows: [['Monthly payment', formatCents(currentCents), formatCents(change.monthlyPaymentCents)]] } },
    { heading: 'From when' },
    {
      text: 'The new monthly payment applies from the first month billed after both parties have signed this addendum. Months already billed keep their amount.',
    },
    { heading: 'Everything else' },
    { text: 'Every other term of the co-ownership agreement stays as it is: this addendum is part of it.' },
  ];
  return createEnvelope(deps, tx, actor, {
    kind: 'payment_change',
    subjectId: change.id,
    homeId: change.homeId,
    title: `Payment change addendum: ${owner.address}`,
    subtitle: `${brand} and ${owner.name}  \u2022  new monthly payment ${formatCents(change.monthlyPaymentCents)}`,
    footer: `${brand} payment change addendum, request ${change.id}`,
    blocks,
    signer: { userId: owner.userId, name: owner.name, email: owner.email },
  });
}

/** The 60-day notice for the homeowner's signature: what they will do, on which date, and the estimated payout. */
export async function sendNoticeForSignature(deps: AddendumDeps, tx: Executor, actor: AuditActor, notice: NoticeRow): Promise<string> {
  const owner = await homeownerOf(tx, notice.homeId);
  const brand = deps.brand.name;
  const blocks: DocBlock[] = [
    { heading: 'The notice' },
    {
      text: `${owner.name}, homeowner of ${owner.address}, gives ${brand} 60 days' notice under the co-ownership agreement of the purchase of ${formatDate(owner.purchaseDate)}.`,
    },
    {
      table: {
        columns: ['Term', 'Value'],
        rows: [
          ['What I will do', NOTICE_KIND_LABELS[notice.kind]],
          ['On', formatDate(notice.requestedDate)],
          ['Estimated payout', formatCents(notice.estimatedPayoutCents)],
        ],
      },
    },
    {
      text: 'The estimated payout is my accessible equity at the latest valuation when I gave this notice; the payout is confirmed when the transfer is completed.',
    },
    ...(notice.note ? [{ heading: 'My note' }, { text: notice.note }] : []),
    { heading: 'When it takes effect' },
    { text: `${brand} acts on this notice once I have signed it.` },
  ];
  return createEnvelope(deps, tx, actor, {
    kind: 'notice',
    subjectId: notice.id,
    homeId: notice.homeId,
    title: `60-day notice: ${owner.address}`,
    subtitle: `${owner.name} to ${brand}  \u2022  ${NOTICE_KIND_LABELS[notice.kind]}`,
    footer: `${brand} 60-day notice ${notice.id}`,
    blocks,
    signer: { userId: owner.userId, name: owner.name, email: owner.email },
  });
}
