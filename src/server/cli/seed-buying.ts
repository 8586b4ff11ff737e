import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { agreementBounds } from '../../domain/calculators';
import { MILESTONE_KINDS, openingMilestones, type MilestoneKind } from '../../domain/buying/closing';
import type { OfferEventKind, OfferStatus } from '../../domain/buying/offers';
import { DEFAULT_APPRECIATION_RATE } from '../../domain/homes/admin-homes';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays } from '../../domain/ledger';
import type { Db } from '../platform/db/client';
import { applications, closingMilestones, consideredHomes, homes, offerEvents, offers, partnerAgents, preApprovals, users } from '../platform/db/schema';
import { getSettings } from '../platform/settings/settings-store';
import { setPassword } from './seed-homes';

/**
 * The seed's buyers between approval and keys (docs/decisions/042-closing.md): partner agents by
 * state (when there are none), and one approved buyer in each stage of the staff pipeline before
 * homeowner — approved, searching, offer, under contract, closing — each with a pre-approval, the
 * homes they consider, their offer with its timeline and its closing checklist as far as their
 * stage goes. The homeowners are seed-homes.ts's. No mail is queued: the people are made up.
 * With `password` (the first run), each of these buyers can sign in with it, so a newcomer
 * follows one from approval to keys as the buyer and as staff (README.md#demo-data).
 */

export const BUYING_STAGES = ['approved', 'searching', 'offer', 'under_contract', 'closing'] as const;

const AGENTS = [
  {
    name: 'Maria Lopez',
    brokerage: 'Lone Star Realty',
    licenceNumber: 'TX-0654321',
    email: 'maria.lopez@agents.example',
    phone: '(512) 555-0142',
    states: ['TX'],
  },
  {
    name: 'Dan Whitaker',
    brokerage: 'Pacific Crest Homes',
    licenceNumber: 'CA-02019384',
    email: 'dan.whitaker@agents.example',
    phone: '(916) 555-0107',
    states: ['CA', 'NV'],
  },
  {
    name: 'Aisha Grant',
    brokerage: 'Sunshine Realty Group',
    licenceNumber: 'FL-SL3345120',
    email: 'aisha.grant@agents.example',
    phone: '(305) 555-0190',
    states: ['FL', 'GA'],
  },
];

const STREETS = ['1408 Barton Hills Dr', '77 Rainey St', '2210 Elm Creek Rd', '915 Cedar Bend Ln', '3301 Mesa Verde Dr', '48 Pecan Grove Ct'];

export type BuyingStage = (typeof BUYING_STAGES)[number];

export interface SeededBuyers {
  /** How many buyers were seeded. */
  count: number;
  /** With a password: each seeded buyer's stage and e-mail, in stage order; they sign in with the password. */
  signIn?: { password: string; buyers: { stage: BuyingStage; email: string }[] };
}

/** Seeds the agents (if none) and up to one buyer per stage; with `password`, each of them can sign in with it. */
export async function seedBuying(db: Db, { now = new Date(), password }: { now?: Date; password?: string } = {}): Promise<SeededBuyers> {
  const today = ledgerToday(now);
  const [agent] = await db.select({ id: partnerAgents.id }).from(partnerAgents).limit(1);
  if (!agent) await db.insert(partnerAgents).values(AGENTS.map((a) => ({ ...a, emailKey: a.email.toLowerCase() })));
  const settings = await getSettings(db, { fresh: true });
  const rate = settings.mortgageRateDefault;

  const candidates = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      email: users.email,
      value: applications.propertyValue,
      down: applications.downPayment,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(homes, eq(homes.userId, applications.userId))
    .leftJoin(offers, eq(offers.userId, applications.userId))
    .where(
      and(
        eq(applications.status, 'approved'),
        isNull(homes.id),
        isNull(offers.id),
        sql`${users.role} <> 'admin'`,
        sql`${applications.propertyValue} > ${applications.downPayment}`,
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id))
    .limit(BUYING_STAGES.length);

  const seeded: { stage: BuyingStage; userId: string; email: string }[] = [];
  for (const [i, candidate] of candidates.entries()) {
    const stage = BUYING_STAGES[i]!;
    const priceCents = Math.round((Number(candidate.value) * 100) / 100_000) * 100_000;
    const maxPriceCents = Math.round((priceCents * 1.1) / 100_000) * 100_000;
    const downPaymentCents = Math.max(Math.round(Number(candidate.down) * 100), Math.ceil(maxPriceCents / 50));
    if (downPaymentCents >= priceCents) continue;
    const bounds = agreementBounds({
      price: maxPriceCents / 100,
      downPayment: downPaymentCents / 100,
      mortgageRate: rate,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
    });
    const offerBounds = agreementBounds({
      price: priceCents / 100,
      downPayment: downPaymentCents / 100,
      mortgageRate: rate,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
    });
    const issuedOn = addDays(today, -(10 + i * 6));
    seeded.push({ stage, userId: candidate.userId, email: candidate.email });
    await db.transaction(async (tx) => {
      // The approval is the pre-approval's day, so the story reads in order (docs/decisions/042-closing.md).
      const approvedAt = new Date(`${issuedOn}T14:00:00Z`);
      if (candidate.submittedAt && candidate.submittedAt < approvedAt) {
        await tx.update(applications).set({ reviewedAt: approvedAt, updatedAt: approvedAt }).where(eq(applications.id, candidate.id));
      }
      const [approval] = await tx
        .insert(preApprovals)
        .values({
          applicationId: candidate.id,
          userId: candidate.userId,
          maxPriceCents,
          monthlyMinCents: Math.round(bounds.min * 100),
          monthlyMaxCents: Math.round(bounds.max * 100),
          downPaymentCents,
          issuedOn,
          expiresOn: addDays(issuedOn, 90),
        })
        .returning({ id: preApprovals.id });
      if (stage === 'approved') return;
      const street = STREETS[i % STREETS.length]!;
      const [home] = await tx
        .insert(consideredHomes)
        .values([
          { userId: candidate.userId, street, city: 'Austin', state: 'TX', zip: '78704', listPriceCents: priceCents, beds: 3, baths: 2, squareFeet: 1650 },
          {
            userId: candidate.userId,
            street: `${100 + i} Lakeshore Blvd`,
            city: 'Austin',
            state: 'TX',
            zip: '78741',
            listPriceCents: maxPriceCents + 5_000_000,
            beds: 4,
          },
        ])
        .returning({ id: consideredHomes.id });
      if (stage === 'searching') return;
      const status: OfferStatus = stage === 'offer' ? 'submitted' : 'accepted';
      const madeAt = new Date(`${addDays(issuedOn, 3)}T15:00:00Z`);
      const [offer] = await tx
        .insert(offers)
        .values({
          userId: candidate.userId,
          homeId: home!.id,
          preApprovalId: approval!.id,
          address: `${street}, Austin, TX 78704`,
          state: 'TX',
          status,
          offerPriceCents: priceCents,
          downPaymentCents,
          monthlyPaymentCents: Math.round(offerBounds.min * 100),
          moveInDate: 'Flexible',
          agreedPriceCents: status === 'accepted' ? priceCents : null,
          createdAt: madeAt,
          updatedAt: madeAt,
        })
        .returning({ id: offers.id });
      const kinds: OfferEventKind[] = ['letter_sent', 'letter_approved', 'submitted', ...(status === 'accepted' ? (['accepted'] as const) : [])];
      await tx.insert(offerEvents).values(kinds.map((kind, day) => ({ offerId: offer!.id, kind, at: new Date(madeAt.getTime() + day * 86_400_000) })));
      if (status !== 'accepted') return;
      const acceptedOn = addDays(issuedOn, 6);
      // Under contract: the inspection done; closing: everything but the closing itself, which is under way.
      const done: readonly MilestoneKind[] = stage === 'closing' ? MILESTONE_KINDS.filter((k) => k !== 'closing') : ['inspection'];
      await tx.insert(closingMilestones).values(
        openingMilestones(acceptedOn).map((m) => ({
          ...m,
          offerId: offer!.id,
          status: done.includes(m.kind) ? ('done' as const) : m.kind === 'closing' && stage === 'closing' ? ('in_progress' as const) : ('to_do' as const),
          completedOn: done.includes(m.kind) ? acceptedOn : null,
          startedAt: done.includes(m.kind) || (m.kind === 'closing' && stage === 'closing') ? new Date(`${acceptedOn}T18:00:00Z`) : null,
          findings: m.kind === 'inspection' ? 'Minor: a loose handrail and an old water heater.' : null,
          appraisedValueCents: m.kind === 'appraisal' && done.includes('appraisal') ? priceCents : null,
        })),
      );
    });
  }
  if (!password || seeded.length === 0) return { count: seeded.length };
  for (const buyer of seeded) await setPassword(db, buyer.userId, password);
  return { count: seeded.length, signIn: { password, buyers: seeded.map(({ stage, email }) => ({ stage, email })) } };
}
