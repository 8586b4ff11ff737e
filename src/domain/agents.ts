import { z } from 'zod';
import { US_STATE_CODES } from './admin/states';
import { listParamsSchema } from './admin/lists';
import { emailFormat, isSingleLine, safeIsoDateTime, safeString, singleLineMessage } from './safe-text';

/**
 * Agents, the 'Find' step (docs/product/back-office.md#partner-agents): staff keep partner
 * agents by the US states they serve; an approved buyer brings their own agent or asks
 * to be matched in a state, and staff assign a partner agent who serves it. The schemas
 * are the forms' and the server's (style.md 'One schema per form, used on both sides'). Pure.
 */

/** The places an agent can serve: the fifty states and DC, by their two-letter codes. */
export const AGENT_STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [...Object.entries(US_STATE_CODES), ['District of Columbia', 'DC'] as const].map(([name, code]) => [code, name]).sort(([a], [b]) => a!.localeCompare(b!)),
);
export const AGENT_STATE_CODES = Object.keys(AGENT_STATE_NAMES) as readonly string[];
const STATE_SET = new Set(AGENT_STATE_CODES);

/** 'TX' → 'Texas'; anything else as given. */
export const agentStateName = (code: string) => AGENT_STATE_NAMES[code] ?? code;

const requiredLine = (label: string, max: number) =>
  safeString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, { error: singleLineMessage(label) });

const optionalLine = (label: string, max: number) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, { error: singleLineMessage(label) })
    .optional()
    .transform((v) => v || null);

const PHONE = /^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}\s*$/;
const LICENCE = /^[A-Za-z0-9][A-Za-z0-9 .-]*$/;

/** An optional (or, with `missing`, required) one-line contact field checked by `valid`; empty is null. */
/** (A required field never answers null: it is refused instead.) */
const contactField = (label: string, max: number, valid: (v: string) => boolean, bad: string, missing?: string) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v, ctx) => {
      const issue = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!v) return missing ? issue(missing) : null;
      return valid(v) ? v : issue(bad);
    });

const phone = (required: boolean) => contactField('Phone', 40, (v) => PHONE.test(v), 'Enter a valid phone number', required ? 'Phone is required' : undefined);
const email = (required: boolean) =>
  contactField('Email', 254, (v) => emailFormat().safeParse(v).success, 'Enter a valid email address', required ? 'Email is required' : undefined);
/** A licence number as states print them: letters, digits, spaces, dashes and dots. */
const licence = (required: boolean) =>
  contactField(
    'Licence number',
    40,
    (v) => LICENCE.test(v),
    'A licence number has only letters, digits, dashes and dots',
    required ? 'Licence number is required' : undefined,
  );

/**
 * The states an agent serves, typed as 'TX, OK' (or sent as ['TX', 'OK']): two-letter codes,
 * DC included, upper-cased, each once, in alphabetical order; at least one.
 */
export const agentStatesSchema = z.union([safeString(), z.array(safeString())], { error: 'Enter the states this agent serves' }).transform((raw, ctx) => {
  const parts = (Array.isArray(raw) ? raw : raw.split(/[\s,;]+/)).map((s) => s.trim().toUpperCase()).filter(Boolean);
  const unknown = parts.filter((code) => !STATE_SET.has(code));
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: `Not a US state code: ${unknown.slice(0, 3).join(', ')}. Use two letters, like TX or DC.` });
    return z.NEVER;
  }
  if (parts.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter at least one state, like TX' });
    return z.NEVER;
  }
  return [...new Set(parts)].sort();
});

/** A US state (or DC) by its two-letter code, as one select picks it. */
export const agentStateSchema = safeString({ error: 'Choose the state you are looking in' })
  .trim()
  .refine((v) => STATE_SET.has(v), 'Choose the state you are looking in');

/** Add and Edit of a partner agent in the back office: every contact field required. */
export const partnerAgentSchema = z.object({
  name: requiredLine('Name', 120),
  brokerage: requiredLine('Brokerage', 160),
  licenceNumber: licence(true).transform((v) => v ?? ''),
  email: email(true).transform((v) => v ?? ''),
  phone: phone(true).transform((v) => v ?? ''),
  states: agentStatesSchema,
  active: z.boolean({ error: 'Active is yes or no' }).default(true),
});
export type PartnerAgentForm = z.input<typeof partnerAgentSchema>;
export type PartnerAgentInput = z.output<typeof partnerAgentSchema>;
export const PARTNER_AGENT_FIELDS = [
  'name',
  'brokerage',
  'licenceNumber',
  'email',
  'phone',
  'states',
  'active',
] as const satisfies readonly (keyof PartnerAgentForm)[];

/** Deactivate or reactivate (the list's button). */
export const partnerAgentActiveSchema = z.object({ active: z.boolean({ error: 'Active is yes or no' }) });

export const partnerAgentItemSchema = z.object({
  id: safeString(),
  name: safeString(),
  brokerage: safeString(),
  licenceNumber: safeString(),
  email: safeString(),
  phone: safeString(),
  states: z.array(safeString()),
  active: z.boolean(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});
export type PartnerAgent = z.output<typeof partnerAgentItemSchema>;

export const AGENT_SORTS = ['name', 'brokerage', 'created_at'] as const;
export const AGENT_ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;

/** `GET /api/admin/agents`: search (name, brokerage, e-mail or ID), the state served, active or not. */
export const partnerAgentListSchema = listParamsSchema(AGENT_SORTS, 'name').safeExtend({
  state: z.union([z.literal(''), z.enum(AGENT_STATE_CODES as [string, ...string[]], { error: 'Choose a US state' })]).default(''),
  status: z.enum(AGENT_ACTIVE_FILTERS, { error: 'Status is all, active or inactive.' }).default('all'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type PartnerAgentListParams = z.output<typeof partnerAgentListSchema>;

// ---- The buyer's side ----

export const AGENT_CHOICE_KINDS = ['own', 'match'] as const;
export type AgentChoiceKind = (typeof AGENT_CHOICE_KINDS)[number];

/**
 * The buyer's choice: their own agent (name, and an e-mail or a phone to reach them; brokerage
 * and licence number when they know them) or a match in the state they are looking in.
 * One form: the fields of the other kind are ignored.
 */
export const agentChoiceSchema = z
  .object({
    kind: z.enum(AGENT_CHOICE_KINDS, { error: 'Choose whether you have an agent' }),
    name: optionalLine('Name', 120),
    brokerage: optionalLine('Brokerage', 160),
    licenceNumber: licence(false),
    email: email(false),
    phone: phone(false),
    state: safeString().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'own') {
      if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: "Enter your agent's name" });
      if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email or a phone number so we can reach your agent' });
    } else if (!v.state || !STATE_SET.has(v.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'Choose the state you are looking in' });
    }
  })
  .transform((v) =>
    v.kind === 'own'
      ? ({
          kind: 'own',
          agent: { name: v.name!, brokerage: v.brokerage, licenceNumber: v.licenceNumber, email: v.email, phone: v.phone },
        } as const)
      : ({ kind: 'match', state: v.state! } as const),
  );
export type AgentChoiceForm = z.input<typeof agentChoiceSchema>;
export type AgentChoiceInput = z.output<typeof agentChoiceSchema>;
export const AGENT_CHOICE_FIELDS = [
  'kind',
  'name',
  'brokerage',
  'licenceNumber',
  'email',
  'phone',
  'state',
] as const satisfies readonly (keyof AgentChoiceForm)[];

/** An agent as the buyer sees them: how to reach them. */
export const agentContactSchema = z.object({
  name: safeString(),
  brokerage: safeString().nullable(),
  licenceNumber: safeString().nullable(),
  email: safeString().nullable(),
  phone: safeString().nullable(),
});
export type AgentContact = z.output<typeof agentContactSchema>;

/** `GET /api/me/agent`: whether the buyer may choose (an approved application), and their choice. */
export const myAgentSchema = z.object({
  approved: z.boolean(),
  choice: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('own'), agent: agentContactSchema, updatedAt: safeIsoDateTime('An ISO 8601 date-time') }),
      z.object({
        kind: z.literal('match'),
        state: safeString(),
        /** The partner agent staff assigned, or null while we look for one. */
        agent: agentContactSchema.nullable(),
        assignedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
        updatedAt: safeIsoDateTime('An ISO 8601 date-time'),
      }),
    ])
    .nullable(),
});
export type MyAgent = z.output<typeof myAgentSchema>;

// ---- Staff: the buyers asking to be matched ----

export const MATCH_REQUEST_FILTERS = ['waiting', 'assigned', 'all'] as const;
export const MATCH_REQUEST_SORTS = ['requested_at', 'name', 'state'] as const;

/** `GET /api/admin/agent-requests`: buyers asking to be matched, waiting ones by default, oldest first. */
export const matchRequestListSchema = listParamsSchema(MATCH_REQUEST_SORTS, 'requested_at').safeExtend({
  status: z.enum(MATCH_REQUEST_FILTERS, { error: 'Status is waiting, assigned or all.' }).default('waiting'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type MatchRequestListParams = z.output<typeof matchRequestListSchema>;

export const matchRequestItemSchema = z.object({
  id: safeString(),
  userId: safeString(),
  buyerName: safeString(),
  buyerEmail: safeString(),
  state: safeString(),
  requestedAt: safeIsoDateTime('An ISO 8601 date-time'),
  agent: z.object({ id: safeString(), name: safeString(), brokerage: safeString() }).nullable(),
  assignedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type MatchRequest = z.output<typeof matchRequestItemSchema>;

/** Assign a partner agent to a buyer's request. */
export const assignAgentSchema = z.object({
  agentId: safeString({ error: 'Choose a partner agent' }).trim().uuid('Choose a partner agent'),
});
