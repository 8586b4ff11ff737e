import { z } from 'zod';
import { listParamsSchema } from '../admin/lists';
import { addDays } from '../ledger/dates';
import { formatDate } from '../format';
import { safeIsoDateTime, safeString } from '../safe-text';
import { dollarsField } from './homes';

/**
 * Under contract to closing (docs/decisions/042-closing.md; docs/product/dashboard.md#closing): an
 * accepted offer opens a checklist of dated milestones — inspection (its findings), appraisal (its
 * value: below the agreed price flags the offer for staff), title, homeowner's insurance, final
 * walk-through and the closing date — each with its state, owner (the buyer or staff) and due date.
 * Staff update them; the buyer sees the list and what waits on them. Pure.
 */

export const MILESTONE_KINDS = ['inspection', 'appraisal', 'title', 'insurance', 'walk_through', 'closing'] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];

export const MILESTONE_LABELS: Readonly<Record<MilestoneKind, string>> = {
  inspection: 'Inspection',
  appraisal: 'Appraisal',
  title: 'Title',
  insurance: 'Homeowner’s insurance',
  walk_through: 'Final walk-through',
  closing: 'Closing',
};

/** What each milestone asks, as the buyer reads it. */
export const MILESTONE_HELP: Readonly<Record<MilestoneKind, string>> = {
  inspection: 'A licensed inspector checks the home; we share the findings.',
  appraisal: 'An appraiser values the home for the purchase.',
  title: 'The title company checks the home’s title and insures it.',
  insurance: 'Homeowner’s insurance in force from the closing date.',
  walk_through: 'You walk through the home before closing.',
  closing: 'We sign, the purchase is recorded and you get your keys.',
};

export const MILESTONE_STATUSES = ['to_do', 'in_progress', 'done'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Readonly<Record<MilestoneStatus, string>> = { to_do: 'To do', in_progress: 'In progress', done: 'Done' };

export const MILESTONE_OWNERS = ['buyer', 'staff'] as const;
export type MilestoneOwner = (typeof MILESTONE_OWNERS)[number];
/** Who a milestone waits on, as staff read it; the buyer reads 'You' and 'Ownstead'. */
export const MILESTONE_OWNER_LABELS: Readonly<Record<MilestoneOwner, string>> = { buyer: 'Buyer', staff: 'Staff' };

/** The checklist an accepted offer opens: each milestone's owner and its due date, in days from the acceptance. */
export const MILESTONE_DEFAULTS: Readonly<Record<MilestoneKind, { owner: MilestoneOwner; days: number }>> = {
  inspection: { owner: 'buyer', days: 10 },
  appraisal: { owner: 'staff', days: 21 },
  title: { owner: 'staff', days: 30 },
  insurance: { owner: 'buyer', days: 30 },
  walk_through: { owner: 'buyer', days: 44 },
  closing: { owner: 'staff', days: 45 },
};

/** The checklist's rows as opened on `acceptedOn` (YYYY-MM-DD). */
export const openingMilestones = (acceptedOn: string) =>
  MILESTONE_KINDS.map((kind) => ({ kind, owner: MILESTONE_DEFAULTS[kind].owner, dueOn: addDays(acceptedOn, MILESTONE_DEFAULTS[kind].days) }));

/** A milestone's due date is never before the offer was made. */
export const beforeOfferMessage = (offerDate: string) => `The date can’t be before the offer, made on ${formatDate(offerDate)}.`;

const isoDate = (label: string) =>
  safeString({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2026-03-07`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '2000-01-01' && text <= '2099-12-31';
    }, `${label}: use a real date like 2026-03-07`);

/** Staff's update of one milestone (PUT /api/admin/offers/{id}/closing/{kind}); findings and value apply to the inspection and the appraisal. */
export const milestoneUpdateSchema = z.object({
  status: z.enum(MILESTONE_STATUSES, { error: 'Choose a state' }),
  owner: z.enum(MILESTONE_OWNERS, { error: 'Choose who it waits on' }),
  dueOn: isoDate('Due date'),
  findings: safeString()
    .trim()
    .max(5000, 'Findings must be at most 5,000 characters')
    .optional()
    .nullable()
    .transform((v) => v || null),
  appraisedValue: z
    .union([z.literal(''), z.null(), dollarsField('Appraised value')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
});
export type MilestoneUpdateForm = z.input<typeof milestoneUpdateSchema>;
export type MilestoneUpdate = z.output<typeof milestoneUpdateSchema>;
export const MILESTONE_FIELDS = Object.keys(milestoneUpdateSchema.shape) as (keyof MilestoneUpdateForm)[];

export const milestoneKindParamsSchema = z.object({
  id: safeString().uuid({ error: 'Not a valid ID' }),
  kind: z.enum(MILESTONE_KINDS, { error: 'Not a closing milestone' }),
});

/** A milestone holds at most this many documents. */
export const MAX_MILESTONE_DOCUMENTS = 10;

/** A document of a milestone (an inspection report, an appraisal, a title commitment, an insurance binder…). */
export const closingDocumentSchema = z.object({
  id: safeString(),
  name: safeString(),
  contentType: safeString(),
  sizeBytes: z.number().int(),
  /** Who sent it: the buyer or staff. */
  uploadedBy: z.enum(MILESTONE_OWNERS),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});
export type ClosingDocument = z.output<typeof closingDocumentSchema>;

/** `?offer=&milestone=` of a document upload. */
export const closingDocumentQuerySchema = z.object({
  offer: safeString().uuid({ error: 'Name the offer the document is for.' }),
  milestone: z.enum(MILESTONE_KINDS, { error: 'Name the milestone the document is for.' }),
});

export const milestoneSchema = z.object({
  kind: z.enum(MILESTONE_KINDS),
  status: z.enum(MILESTONE_STATUSES),
  owner: z.enum(MILESTONE_OWNERS),
  dueOn: safeString(),
  completedOn: safeString().nullable(),
  findings: safeString().nullable(),
  appraisedValueCents: z.number().int().nullable(),
  updatedAt: safeIsoDateTime('An ISO 8601 date-time'),
  /** Its documents, oldest first. */
  documents: z.array(closingDocumentSchema),
});
export type Milestone = z.output<typeof milestoneSchema>;

/** The checklist of an accepted offer: the price agreed, whether the appraisal came in below it, its milestones in order. */
export const closingSchema = z.object({
  agreedPriceCents: z.number().int(),
  appraisalBelowPrice: z.boolean(),
  milestones: z.array(milestoneSchema),
});
export type Closing = z.output<typeof closingSchema>;

/** Whether an appraisal below the agreed price flags the offer for staff. */
export const appraisalBelow = (milestones: readonly Pick<Milestone, 'kind' | 'appraisedValueCents'>[], agreedPriceCents: number) =>
  milestones.some((m) => m.kind === 'appraisal' && m.appraisedValueCents !== null && m.appraisedValueCents < agreedPriceCents);

/** The milestones still waiting on the buyer. */
export const waitingOnBuyer = (milestones: readonly Milestone[]) => milestones.filter((m) => m.owner === 'buyer' && m.status !== 'done');

/** The staff pipeline's stages, in order (docs/product/back-office.md#offers). */
export const PIPELINE_STAGES = ['approved', 'searching', 'offer', 'under_contract', 'closing', 'homeowner'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const PIPELINE_STAGE_LABELS: Readonly<Record<PipelineStage, string>> = {
  approved: 'Approved',
  searching: 'Searching',
  offer: 'Offer',
  under_contract: 'Under contract',
  closing: 'Closing',
  homeowner: 'Homeowner',
};
export const pipelineSchema = z.object(Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, z.number().int()])) as Record<PipelineStage, z.ZodNumber>);
export type Pipeline = Record<PipelineStage, number>;

export const PIPELINE_SORTS = ['days', 'name'] as const;

/**
 * `GET /api/admin/pipeline`: the buyers in one stage of the pipeline (docs/product/back-office.md#pipeline),
 * searched by name, e-mail or application ID; sorted by days in the stage (most first by default) or name.
 */
export const pipelineListSchema = listParamsSchema(PIPELINE_SORTS, 'days').safeExtend({
  stage: z.enum(PIPELINE_STAGES, { error: 'Choose a stage.' }).default('approved'),
});
export type PipelineListParams = z.output<typeof pipelineListSchema>;

/** One buyer in a stage: since when (a date in the ledger's calendar), how many days, and what to open. */
export const pipelineBuyerSchema = z.object({
  applicationId: safeString(),
  userId: safeString(),
  buyerName: safeString(),
  buyerEmail: safeString(),
  stage: z.enum(PIPELINE_STAGES),
  /** The day they entered the stage (YYYY-MM-DD, the ledger's calendar). */
  since: safeString(),
  daysInStage: z.number().int(),
  /** Their live offer (offer, under contract, closing), else null. */
  offerId: safeString().nullable(),
  /** Their home, once a homeowner. */
  homeId: safeString().nullable(),
  /** The live offer's address, or the home's. */
  address: safeString().nullable(),
});
export type PipelineBuyer = z.output<typeof pipelineBuyerSchema>;
