import { adminRecordOf, applicationDraftSchema, type ApplicationDraftInput } from '../../domain/application';
import {
  BUYING_TIMELINES,
  DOWN_PAYMENTS,
  HOME_TYPES,
  HOUSING_STATUSES,
  MONTHLY_PAYMENT_RANGES,
  PRICE_RANGES,
  PRIORITIES,
  US_STATES,
} from '../../domain/waitlist';
import type { applications, documents, lettersOfIntent, users, waitlistEntries } from '../db/schema';
import { simplePdf } from './demo-pdf';
import {
  adminTimelines,
  APPLICATION_NOTES,
  BUSINESSES,
  CITIES,
  EMPLOYERS,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  LETTER_NOTES,
  moveInDates,
  OWNER_TITLES,
  STAFF,
  STREET_KINDS,
  STREETS,
  WAITLIST_INTERESTS,
} from './seed-data';

/**
 * The demo data of `npm run seed` (src/server/cli/seed.ts), built in memory from a
 * seeded PRNG before anything is written: the same seed gives the same rows.
 */

export const DEMO_ADMIN_EMAIL = 'demo.admin@ownstead.example';

export interface SeedCounts {
  users: number;
  applications: number;
  /** Public waitlist submissions. */
  waitlist: number;
  /** Waitlist applicants added by staff. */
  adminWaitlist: number;
  letters: number;
  /** Applications that get their three required documents (PDFs in storage). */
  withDocuments: number;
}

export const DEFAULT_COUNTS: SeedCounts = { users: 300, applications: 250, waitlist: 200, adminWaitlist: 20, letters: 40, withDocuments: 40 };

// ---- Deterministic randomness ----

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const chance = (p: number) => next() < p;
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`;
  const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const id = () => Array.from({ length: 32 }, () => ALNUM[Math.floor(next() * ALNUM.length)]).join('');
  return { next, int, pick, chance, weighted, uuid, id };
}
type Rng = ReturnType<typeof prng>;

const DAY = 86_400_000;
const round = (value: number, step: number) => Math.round(value / step) * step;

// ---- People ----

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: (typeof CITIES)[number];
}

function personFactory(rng: Rng, taken: Set<string>) {
  return (): Person => {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const f = firstName.toLowerCase();
    const l = lastName.toLowerCase().replace(/[^a-z]/g, '');
    const base = rng.weighted([
      [`${f}.${l}`, 5],
      [`${f}${l}`, 2],
      [`${f[0]}${l}`, 2],
      [`${f}.${l}${rng.int(1, 99)}`, 3],
      [`${f}_${l}${rng.int(70, 99)}`, 1],
    ] as const);
    let email = `${base}@example.com`;
    for (let n = 2; taken.has(email); n += 1) email = `${base}${n}@example.com`;
    taken.add(email);
    const city = rng.pick(CITIES);
    return { firstName, lastName, email, phone: `(${city[3]}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`, city };
  };
}

const address = (rng: Rng, city: Person['city']) =>
  `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_KINDS)}, ${city[0]}, ${city[1]} ${city[4]}${String(rng.int(1, 99)).padStart(2, '0')}`;

// ---- The plan: every row, built in memory before anything is written ----

type UserRow = typeof users.$inferInsert;
type ApplicationRow = typeof applications.$inferInsert;
type DocumentRow = typeof documents.$inferInsert;
type WaitlistRow = typeof waitlistEntries.$inferInsert;
type LetterRow = typeof lettersOfIntent.$inferInsert;

export interface SeedPlan {
  users: UserRow[];
  applications: ApplicationRow[];
  /** Sensitive values to seal once the cipher is known: [application id, ssn last 4, date of birth]. */
  sensitive: [string, string, string][];
  documents: (DocumentRow & { pdf: Buffer })[];
  waitlist: WaitlistRow[];
  letters: (LetterRow & { pdf: Buffer })[];
}

type Status = 'submitted' | 'in_review' | 'missing_info' | 'approved' | 'declined';

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

function draftFor(rng: Rng, person: Person, consentedAt: Date): { draft: ApplicationDraftInput; dateOfBirth: string; ssnLast4: string } {
  const selfEmployed = rng.chance(0.15);
  const monthly = round(rng.int(3500, 18_000), 50);
  const propertyValue = round(rng.int(250_000, 900_000), 5000);
  const downPayment = round((propertyValue * rng.int(3, 20)) / 100, 500);
  const year = rng.int(1962, 2001);
  const dateOfBirth = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const startYear = Math.max(year + 20, rng.int(2008, 2023));
  const startDate = `${startYear}-${String(rng.int(1, 12)).padStart(2, '0')}-01`;
  const draft: ApplicationDraftInput = {
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
    consents: { creditPull: true, eConsent: true, consentedAt: consentedAt.toISOString() },
    certified: true,
  };
  return { draft, dateOfBirth, ssnLast4: String(rng.int(0, 9999)).padStart(4, '0') };
}

/**
 * Builds every demo row from `seed`; the e-mails avoid `taken` (and are added to it).
 * Pure apart from the clock it is given.
 */
export function buildSeedPlan(counts: SeedCounts, seed: number, now: Date, taken: Set<string>, adminEmail = DEMO_ADMIN_EMAIL): SeedPlan {
  const rng = prng(seed);
  const newPerson = personFactory(rng, taken);
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const plan: SeedPlan = { users: [], applications: [], sensitive: [], documents: [], waitlist: [], letters: [] };

  // Users, and their applications: most have one, some an older declined one too.
  const people = Array.from({ length: counts.users }, newPerson);
  const withApplication = Math.min(counts.users, counts.applications, Math.round(counts.users * 0.7));
  const extraDeclined = Math.max(0, counts.applications - withApplication);
  const userRows: UserRow[] = [];
  const firstActivity: number[] = people.map(() => Number.POSITIVE_INFINITY);

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
    plan.applications.push({
      id,
      userId: userRows[index].id,
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
      assignee: status !== 'submitted' && rng.chance(0.6) ? rng.pick(STAFF) : status === 'submitted' && rng.chance(0.15) ? rng.pick(STAFF) : null,
      createdAt,
      updatedAt: reviewedAt ?? submittedAt,
    });
    plan.sensitive.push([id, ssnLast4, dateOfBirth]);
    firstActivity[index] = Math.min(firstActivity[index], createdAt.getTime());
    return id;
  };

  for (const person of people) {
    userRows.push({
      id: rng.id(),
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      emailVerified: rng.chance(0.92),
      firstName: person.firstName,
      lastName: person.lastName,
      phone: rng.chance(0.85) ? person.phone : null,
      role: 'guest',
      intendedState: rng.chance(0.75) ? (rng.chance(0.8) ? person.city[1] : rng.pick(CITIES)[1]) : null,
    });
  }

  const current: { index: number; status: Status; submittedAt: Date; id: string }[] = [];
  for (let index = 0; index < withApplication; index += 1) {
    // Skewed towards recent weeks, spread over the last 12 months.
    const ageMs = Math.pow(rng.next(), 1.6) * 364 * DAY + rng.int(0, 86_399) * 1000;
    const status = statusFor(rng, ageMs / DAY);
    const submittedAt = at(Math.max(ageMs, 20 * 60_000));
    current.push({ index, status, submittedAt, id: addApplication(index, status, submittedAt) });
  }
  for (let n = 0; n < extraDeclined && withApplication > 0; n += 1) {
    const { index, submittedAt } = current[(n * 7) % withApplication];
    // An earlier application that was declined, still within the last 12 months when there is room.
    const latest = submittedAt.getTime() - 20 * DAY;
    const earliest = now.getTime() - 365 * DAY;
    const when = latest > earliest ? earliest + rng.next() * (latest - earliest) : submittedAt.getTime() - rng.int(20, 60) * DAY;
    addApplication(index, 'declined', new Date(when));
  }
  // Roles: an application makes an applicant; some approved applicants are homeowners now.
  for (const { index, status } of current) userRows[index].role = status === 'approved' && rng.chance(0.5) ? 'homeowner' : 'applicant';
  userRows.forEach((row, index) => {
    const joined = Number.isFinite(firstActivity[index])
      ? firstActivity[index] - rng.int(0, 30) * DAY - rng.int(0, 86_399) * 1000
      : now.getTime() - rng.int(0, 400) * DAY - rng.int(0, 86_399) * 1000;
    row.createdAt = new Date(joined);
    row.updatedAt = new Date(joined);
  });
  plan.users = userRows;

  // Documents for the most recent applications still in play.
  const recent = current.filter((c) => c.status !== 'declined').sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime());
  for (const c of recent.slice(0, counts.withDocuments)) {
    const person = people[c.index];
    const name = `${person.firstName} ${person.lastName}`;
    for (const [type, originalName, title] of [
      ['governmentId', 'drivers-license.pdf', 'Government ID (demo)'],
      ['bankStatements', 'bank-statements.pdf', 'Bank statements (demo)'],
      ['paystubs', 'paystubs.pdf', 'Pay stubs (demo)'],
    ] as const) {
      const pdf = simplePdf([title, `Applicant: ${name}`, `E-mail: ${person.email}`, 'Sample document generated by npm run seed.']);
      plan.documents.push({
        id: rng.uuid(),
        applicationId: c.id,
        userId: userRows[c.index].id,
        type,
        storageKey: `documents/${c.id}/${rng.uuid()}`,
        originalName,
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        createdAt: new Date(c.submittedAt.getTime() - rng.int(10, 600) * 60_000),
        pdf,
      });
    }
  }

  // Waitlist: public submissions, some by people who also have an account (derived labels), and staff-added applicants.
  const guests = people.map((p, i) => ({ p, i })).filter(({ i }) => i >= withApplication);
  const usersOnWaitlist = [
    ...guests.slice(0, Math.round(guests.length * 0.6)),
    ...people.slice(0, Math.min(withApplication, Math.round(counts.waitlist * 0.1))).map((p, i) => ({ p, i })),
  ];
  for (let n = 0; n < counts.waitlist; n += 1) {
    const person = n < usersOnWaitlist.length ? usersOnWaitlist[n].p : newPerson();
    const receivedAt = at(Math.pow(rng.next(), 1.3) * 365 * DAY + rng.int(0, 86_399) * 1000);
    const intendedState = rng.chance(0.85) ? person.city[2] : rng.pick(US_STATES);
    plan.waitlist.push({
      id: rng.uuid(),
      source: 'public',
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      emailKey: person.email.toLowerCase(),
      phone: person.phone,
      cityState: `${person.city[0]}, ${person.city[1]}`,
      intendedState,
      homeType: rng.pick(HOME_TYPES).value,
      buyingTimeline: rng.pick(BUYING_TIMELINES).value,
      priceRange: rng.pick(PRICE_RANGES).value,
      downPayment: rng.pick(DOWN_PAYMENTS),
      monthlyPaymentRange: rng.pick(MONTHLY_PAYMENT_RANGES),
      priority: rng.pick(PRIORITIES).value,
      housingStatus: rng.pick(HOUSING_STATUSES).value,
      interests: rng.pick(WAITLIST_INTERESTS),
      contactConsent: true,
      clientTimestamp: new Date(receivedAt.getTime() - rng.int(80, 900)),
      receivedAt,
      submissionCount: rng.chance(0.08) ? 2 : 1,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    });
  }
  for (let n = 0; n < counts.adminWaitlist; n += 1) {
    const person = newPerson();
    const createdAt = at(rng.next() * 300 * DAY + rng.int(0, 86_399) * 1000);
    plan.waitlist.push({
      id: rng.uuid(),
      source: 'admin',
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      emailKey: person.email.toLowerCase(),
      phone: rng.chance(0.8) ? person.phone : null,
      cityState: `${person.city[0]}, ${person.city[1]}`,
      intendedState: person.city[2],
      downPayment: rng.chance(0.7) ? `$${round(rng.int(10_000, 90_000), 5000).toLocaleString('en-US')}` : null,
      monthlyPaymentRange: rng.chance(0.7) ? rng.pick(['$1,500-$2,000', '$2,000-$2,500', '$2,500-$3,000', 'Under $1,800']) : null,
      interestedIn: rng.weighted([
        ['buying', 6],
        ['refinancing', 2],
        ['investing', 2],
      ] as const),
      timeline: rng.pick(adminTimelines(now.getUTCFullYear() + 1)),
      createdBy: adminEmail,
      receivedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }

  // Letters of intent, some from people with an account (guests first: 'Letter of Intent' label).
  const lettersFromUsers = guests.slice(Math.round(guests.length * 0.5), Math.round(guests.length * 0.5) + Math.round(counts.letters * 0.3));
  for (let n = 0; n < counts.letters; n += 1) {
    const person = n < lettersFromUsers.length ? lettersFromUsers[n].p : newPerson();
    const id = rng.uuid();
    const propertyAddress = address(rng, person.city);
    const propertyValue = round(rng.int(250_000, 900_000), 5000);
    const downPaymentAmount = round((propertyValue * rng.int(3, 15)) / 100, 500);
    const createdAt = at(Math.pow(rng.next(), 1.2) * 360 * DAY + rng.int(0, 86_399) * 1000);
    const status = rng.weighted([
      ['pending', 6],
      ['approved', 2.5],
      ['declined', 1.5],
    ] as const);
    const pdf = simplePdf([
      'Letter of Intent',
      `Buyer: ${person.firstName} ${person.lastName} <${person.email}>`,
      `Property: ${propertyAddress}`,
      `Offer: $${propertyValue.toLocaleString('en-US')} with $${downPaymentAmount.toLocaleString('en-US')} down`,
      `Dated ${createdAt.toISOString().slice(0, 10)}. Sample document generated by npm run seed.`,
    ]);
    plan.letters.push({
      id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      emailKey: person.email.toLowerCase(),
      phone: rng.chance(0.85) ? person.phone : null,
      propertyAddress,
      propertyValue,
      downPaymentAmount,
      desiredMonthlyPayment: rng.chance(0.8) ? round(rng.int(1400, 4200), 50) : null,
      moveInDate: rng.chance(0.85) ? rng.pick(moveInDates(now.getUTCFullYear() + 1)) : null,
      notes: rng.chance(0.35) ? rng.pick(LETTER_NOTES) : null,
      status,
      intendedState: person.city[1],
      fileKey: `letters-of-intent/${id}`,
      fileSize: pdf.length,
      createdBy: adminEmail,
      createdAt,
      pdf,
    });
  }
  return plan;
}
