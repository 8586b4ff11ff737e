import { asc, eq } from 'drizzle-orm';
import { agreementBlocks, agreementTitle, type AgreementFacts } from '../../../domain/signatures/agreement';
import type { DocBlock } from '../../../domain/signatures/envelopes';
import { feeTermsOf } from '../../../domain/signatures/fees';
import type { Brand } from '../../../domain/brand';
import type { Db, Executor } from '../../platform/db/client';
import { homes, homeTerms, users } from '../../platform/db/schema';
import type { AuditActor } from '../../platform/audit/audit';
import { createEnvelope, envelopePdf, type SignatureDeps } from './envelope-store';
import { getSettings } from '../../platform/settings/settings-store';

/** The facts of a recorded purchase that the agreement states (settings read now: transfer fee, grace and late fee). */
export async function agreementFactsOf(deps: { db: Db; brand: Brand }, tx: Executor, homeId: string): Promise<AgreementFacts | undefined> {
  const [row] = await tx
    .select({ home: homes, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(eq(homes.id, homeId));
  if (!row) return undefined;
  const [term] = await tx.select().from(homeTerms).where(eq(homeTerms.homeId, homeId)).orderBy(asc(homeTerms.fromMonth)).limit(1);
  if (!term) return undefined;
  const settings = await getSettings(deps.db);
  return {
    brandName: deps.brand.name,
    brandEmail: deps.brand.contactEmail,
    homeowner: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    homeId,
    address: row.home.address,
    purchaseDate: row.home.purchaseDate,
    priceCents: row.home.priceCents,
    downPaymentCents: row.home.downPaymentCents,
    mortgageRate: row.home.mortgageRate,
    appreciationRate: row.home.appreciationRate,
    monthlyPaymentCents: term.monthlyPaymentCents,
    transferFee: settings.transferFeeConfig,
    fees: feeTermsOf(settings),
  };
}

/** The agreement's title, text blocks and PDF, with the blank signature lines of its two parties. */
export async function agreementDocument(facts: AgreementFacts): Promise<{ title: string; subtitle: string; footer: string; blocks: DocBlock[]; pdf: Buffer }> {
  const document = {
    title: agreementTitle(facts.address),
    subtitle: `${facts.brandName} and ${facts.homeowner.name}  \u2022  purchase of ${facts.purchaseDate}`,
    footer: `${facts.brandName} co-ownership agreement, home ${facts.homeId}`,
    blocks: agreementBlocks(facts),
  };
  const pdf = await envelopePdf(
    document,
    `Signed electronically by ${facts.homeowner.name} (homeowner) and for ${facts.brandName}; the signatures, times and the seal follow on the certificate of completion.`,
  );
  return { ...document, pdf };
}

/** Creates the agreement's envelope for `homeId` in the purchase's transaction and mails the homeowner. */
export async function sendAgreement(deps: SignatureDeps, tx: Db, actor: AuditActor, homeId: string): Promise<string> {
  const facts = await agreementFactsOf(deps, tx, homeId);
  if (!facts) throw new Error(`no agreement facts for home ${homeId}`);
  const [home] = await tx.select({ userId: homes.userId }).from(homes).where(eq(homes.id, homeId));
  const document = await agreementDocument(facts);
  return createEnvelope(deps, tx, actor, {
    kind: 'agreement',
    subjectId: homeId,
    homeId,
    ...document,
    signer: { userId: home!.userId, name: facts.homeowner.name, email: facts.homeowner.email },
  });
}
