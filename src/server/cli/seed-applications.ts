import { adminRecordOf, applicationDraftSchema, type ApplicationDraftInput } from '../../domain/application';
import { completeDraft } from '../../domain/factories/application-draft';
import { APPLICATION_NOTES, BUSINESSES, CITIES, EMPLOYERS, JOB_TITLES, OWNER_TITLES } from './seed-data';
import { waitingSince } from '../../domain/application/requests';
import { DAY, round, type ApplicationRow, type Person, type RequestEventRow, type RequestRow, type Rng, type SeedContext, type UserRow } from './seed-context';
import { address } from './seed-people';

export type Status = 'submitted' | 'in_review' | 'missing_info' | 'approved' | 'declined';

/** What a reviewer asked of a Missing Info application (docs/product/back-office.md#requests). */
const SEED_REQUESTS = [
  { kind: 'document', documentType: 'paystubs', title: null, fields: null, note: 'Please upload your two most recent pay stubs.' },
  {
    kind: 'document',
    documentType: 'bankStatements',
    title: null,
    fields: null,
    note: 'We need the last two months of statements for every account you listed.',
  },
  {
    kind: 'document',
    documentType: 'other',
    title: 'Gift letter',
    fields: null,
    note: 'Part of the down payment is a gift: please upload a signed gift letter.',
  },
  { kind: 'correction', documentType: null, title: null, fields: ['personal.phone'], note: 'The phone number does not reach you: please correct it.' },
  {
    kind: 'correction',
    documentType: null,
    title: null,
    fields: ['personal.currentAddress', 'personal.yearsAtAddress'],
    note: 'Please check your current address and how long you have lived there.',
  },
] as const satisfies readonly Omit<RequestRow, 'applicationId'>[];

const DECLINE_REASONS = [
  'The monthly payments for this home would be more than we can approve for your income today.',
  'We could not verify your income from the documents provided.',
  'The down payment is below what this home needs at the moment.',
] as const;

/** The status of an application `ageDays` old: recent ones wait, older ones are mostly decided. */
function statusFor(rng: Rng, ageDays: number): Status {
  if (ageDays < 3)
    return rng.weighted([
      ['submitted', 7],
      ['in_review', 3],
    ] as const);
  if (ageDays < 21)
    return rng.weighted([
      ['submitted', 3],
      ['in_review', 4],
      ['missing_info', 2],
      ['approved', 0.5],
      ['declined', 0.5],
    ] as const);
  return rng.weighted([
    ['submitted', 0.5],
    ['in_review', 1.5],
    ['missing_info', 1],
    ['approved', 4.5],
    ['declined', 2],
  ] as const);
}

/** A complete application (the factory's, with this person's answers drawn at random), its sensitive answers apart. */
function draftFor(rng: Rng, person: Person, consentedAt: Date): { draft: ApplicationDraftInput; dateOfBirth: string; ssnLast4: string } {
  const selfEmployed = rng.chance(0.15);
  const monthly = round(rng.int(3500, 18_000), 50);
  const propertyValue = round(rng.int(250_000, 900_000), 5000);
  const downPayment = round((propertyValue * rng.int(3, 20)) / 100, 500);
  const year = rng.int(1962, 2001);
  const dateOfBirth = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const startYear = Math.max(year + 20, rng.int(2008, 2023));
  const startDate = `${startYear}-${String(rng.int(1, 12)).padStart(2, '0')}-01`;
  const draft = completeDraft({
    personal: {
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      email: person.email,
      currentAddress: address(rng, person.city),
      yearsAtAddress: rng.int(0, 24) / 2,
    },
    employment: selfEmployed
      ? { selfEmployed: true, businessName: rng.pick(BUSINESSES), businessStartDate: startDate, position: rng.pick(OWNER_TITLES), grossMonthlyIncome: monthly }
      : { selfEmployed: false, employer: rng.pick(EMPLOYERS), startDate, position: rng.pick(JOB_TITLES), grossMonthlyIncome: monthly },
    assets: {
      bankBalances: round(rng.int(5000, 120_000), 100),
      investments: rng.chance(0.6) ? round(rng.int(1000, 80_000), 100) : null,
      retirement: rng.chance(0.7) ? round(rng.int(2000, 250_000), 100) : null,
      propertyAddress: address(rng, rng.chance(0.8) ? person.city : rng.pick(CITIES)),
      desiredPropertyValue: propertyValue,
      downPayment,
    },
    debts: {
      creditCards: rng.chance(0.7) ? round(rng.int(25, 800), 5) : 0,
      studentLoans: rng.chance(0.45) ? round(rng.int(100, 650), 5) : 0,
      autoLoans: rng.chance(0.5) ? round(rng.int(150, 700), 5) : 0,
      otherLoans: null,
    },
    consents: { consentedAt: consentedAt.toISOString() },
  });
  // The sensitive answers are kept sealed beside the draft, never in it (src/server/modules/applications/save-draft.ts).
  const { dateOfBirth: _dateOfBirth, ssnLast4: _ssnLast4, ...personal } = draft.personal;
  return { draft: { ...draft, personal }, dateOfBirth, ssnLast4: String(rng.int(0, 9999)).padStart(4, '0') };
}

/** An application still in play (not an earlier declined one) of the person at `index`. */
export interface CurrentApplication {
  index: number;
  status: Status;
  submittedAt: Date;
  id: string;
}

export interface PlannedApplications {
  rows: ApplicationRow[];
  /**
   * The open requests of the Missing Info applications (docs/product/back-office.md#application-status: Missing Info needs
   * one), each with its 'create' event.
   */
  requests: RequestRow[];
  requestEvents: RequestEventRow[];
  /** Sensitive values to seal once the cipher is known: [application id, ssn last 4, date of birth]. */
  sensitive: [string, string, string][];
  current: CurrentApplication[];
  /** Per person, the earliest application's creation (ms), or Infinity. */
  firstActivity: number[];
}

/**
 * The first `withApplication` people apply once, over the last 12 months and
 * mostly in recent weeks; `extraDeclined` of them also have an earlier declined
 * application. At most one application per person is active (the partial unique index).
 */
export function planApplications(ctx: SeedContext, people: Person[], users: UserRow[], withApplication: number, extraDeclined: number): PlannedApplications {
  const { rng, now, at } = ctx;
  const planned: PlannedApplications = {
    rows: [],
    requests: [],
    requestEvents: [],
    sensitive: [],
    current: [],
    firstActivity: people.map(() => Number.POSITIVE_INFINITY),
  };

  const staff = ctx.staff ?? [];
  const assignment = (status: Status, submittedAt: Date, reviewedAt: Date | null) => {
    if (staff.length === 0 || !rng.chance(status === 'submitted' ? 0.15 : 0.6)) return { assignee: null, assigneeId: null, assignedAt: null };
    const member = rng.pick(staff);
    const until = Math.max(submittedAt.getTime() + 60_000, (reviewedAt ?? now).getTime());
    return {
      assignee: member.name,
      assigneeId: member.id,
      assignedAt: new Date(submittedAt.getTime() + Math.floor(((until - submittedAt.getTime()) * rng.int(1, 9)) / 10)),
    };
  };

  const addApplication = (index: number, status: Status, submittedAt: Date) => {
    const person = people[index];
    const id = rng.uuid();
    const createdAt = new Date(submittedAt.getTime() - rng.int(1, 10) * DAY - rng.int(0, 86_399) * 1000);
    const { draft, dateOfBirth, ssnLast4 } = draftFor(rng, person, new Date(submittedAt.getTime() - rng.int(5, 120) * 60_000));
    const parsed = applicationDraftSchema.parse(draft);
    const reviewedAt =
      status === 'submitted'
        ? null
        : new Date(Math.min(now.getTime() - 3600_000, submittedAt.getTime() + rng.int(4, 20 * 24) * 3600_000 + rng.int(0, 3599) * 1000));
    const notesPool = APPLICATION_NOTES[status];
    planned.rows.push({
      id,
      userId: users[index].id,
      status,
      draft: parsed,
      version: rng.int(6, 40),
      ...adminRecordOf(parsed),
      consentCreditPull: true,
      consentESign: true,
      consentedAt: new Date(parsed.consents.consentedAt!),
      certifiedAt: submittedAt,
      submittedAt,
      reviewedAt: reviewedAt && reviewedAt > submittedAt ? reviewedAt : reviewedAt && new Date(submittedAt.getTime() + 3600_000),
      notes: rng.chance(status === 'submitted' ? 0.1 : 0.4) ? rng.pick(notesPool) : null,
      // An admin account (docs/product/back-office.md#assignment), assigned after submission and before the review.
      ...assignment(status, submittedAt, reviewedAt),
      // Declined applications say why (docs/product/back-office.md#application-status).
      declineReason: status === 'declined' ? rng.pick(DECLINE_REASONS) : null,
      // Whose turn it is (ADR 021): ours since submission while submitted or in review; the buyer's while their request is open.
      waitingSince: waitingSince({ status, current: null, oldestAnsweredAt: null, now: submittedAt }),
      createdAt,
      updatedAt: reviewedAt ?? submittedAt,
    });
    if (status === 'missing_info') {
      const asked = reviewedAt ?? submittedAt;
      const request = rng.pick(SEED_REQUESTS);
      const requestId = rng.uuid();
      planned.requests.push({ id: requestId, applicationId: id, ...request, state: 'open', round: 1, createdAt: asked, stateChangedAt: asked });
      planned.requestEvents.push({ requestId, action: 'create', at: asked, note: request.note });
    }
    planned.sensitive.push([id, ssnLast4, dateOfBirth]);
    planned.firstActivity[index] = Math.min(planned.firstActivity[index], createdAt.getTime());
    return id;
  };

  for (let index = 0; index < withApplication; index += 1) {
    // Skewed towards recent weeks, spread over the last 12 months.
    const ageMs = Math.pow(rng.next(), 1.6) * 364 * DAY + rng.int(0, 86_399) * 1000;
    const status = statusFor(rng, ageMs / DAY);
    const submittedAt = at(Math.max(ageMs, 20 * 60_000));
    planned.current.push({ index, status, submittedAt, id: addApplication(index, status, submittedAt) });
  }
  for (let n = 0; n < extraDeclined && withApplication > 0; n += 1) {
    const { index, submittedAt } = planned.current[(n * 7) % withApplication];
    // An earlier application that was declined, still within the last 12 months when there is room.
    const latest = submittedAt.getTime() - 20 * DAY;
    const earliest = now.getTime() - 365 * DAY;
    const when =
      latest > earliest
        ? earliest + rng.next() * (latest - earliest)
        : // No room: still within the year, and before the current one.
          Math.max(submittedAt.getTime() - rng.int(20, 60) * DAY, (earliest + submittedAt.getTime()) / 2);
    addApplication(index, 'declined', new Date(when));
  }
  return planned;
}

/**
 * An application makes an applicant. A homeowner is one with a home (ADR 022 'Roles'):
 * seed-homes.ts makes some approved applicants homeowners with their homes.
 */
export function assignRoles({ rng }: SeedContext, users: UserRow[], current: CurrentApplication[]): void {
  for (const { index, status } of current) {
    // The draw that once picked homeowners stays, so the rest of the plan is the same as before.
    if (status === 'approved') rng.chance(0.5);
    users[index].role = 'applicant';
  }
}
