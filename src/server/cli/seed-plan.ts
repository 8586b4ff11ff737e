import { assignRoles, planApplications } from './seed-applications';
import { prng, type ApplicationRow, type RequestEventRow, type RequestRow, type SeedContext, type UserRow, type WaitlistRow } from './seed-context';
import { planDocuments, type PlannedDocument } from './seed-documents';
import { planLetters, type PlannedLetter } from './seed-letters';
import { dateJoined, personFactory, planUsers } from './seed-people';
import { planPublicWaitlist, planStaffWaitlist } from './seed-waitlist';

/**
 * The demo data of `npm run seed` (src/server/cli/seed.ts), built in memory from a
 * seeded PRNG before anything is written: the same seed gives the same rows.
 * Each part (people and accounts, applications, documents, waitlist, letters)
 * has its own file; this one says who is in which part, in the order the PRNG
 * is drawn from.
 */

export { prng };

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

export interface SeedPlan {
  users: UserRow[];
  applications: ApplicationRow[];
  /** The open requests of the Missing Info applications, and their 'create' events. */
  requests: RequestRow[];
  requestEvents: RequestEventRow[];
  /** Sensitive values to seal once the cipher is known: [application id, ssn last 4, date of birth]. */
  sensitive: [string, string, string][];
  documents: PlannedDocument[];
  waitlist: WaitlistRow[];
  letters: PlannedLetter[];
}

/**
 * Builds every demo row from `seed`; the e-mails avoid `taken` (and are added to it).
 * Pure apart from the clock it is given.
 */
export function buildSeedPlan(
  counts: SeedCounts,
  seed: number,
  now: Date,
  taken: Set<string>,
  adminEmail = DEMO_ADMIN_EMAIL,
  staff: SeedContext['staff'] = [],
): SeedPlan {
  const rng = prng(seed);
  const ctx: SeedContext = { rng, now, at: (msAgo) => new Date(now.getTime() - msAgo), newPerson: personFactory(rng, taken), adminEmail, staff };

  // Users, and their applications: most have one, some an older declined one too.
  const people = Array.from({ length: counts.users }, ctx.newPerson);
  const withApplication = Math.min(counts.users, counts.applications, Math.round(counts.users * 0.7));
  const extraDeclined = Math.max(0, counts.applications - withApplication);
  const users = planUsers(ctx, people);
  const applications = planApplications(ctx, people, users, withApplication, extraDeclined);
  assignRoles(ctx, users, applications.current);
  dateJoined(ctx, users, applications.firstActivity);

  const documents = planDocuments(ctx, people, users, applications.current, counts.withDocuments);

  // Some people on the waitlist or behind a letter also have an account: guests first (their label says so), then applicants.
  const guests = people.slice(withApplication);
  const onWaitlist = [...guests.slice(0, Math.round(guests.length * 0.6)), ...people.slice(0, Math.min(withApplication, Math.round(counts.waitlist * 0.1)))];
  const waitlist = [...planPublicWaitlist(ctx, onWaitlist, counts.waitlist), ...planStaffWaitlist(ctx, counts.adminWaitlist)];

  const lettersFrom = guests.slice(Math.round(guests.length * 0.5), Math.round(guests.length * 0.5) + Math.round(counts.letters * 0.3));
  const letters = planLetters(ctx, lettersFrom, counts.letters);

  return {
    users,
    applications: applications.rows,
    requests: applications.requests,
    requestEvents: applications.requestEvents,
    sensitive: applications.sensitive,
    documents,
    waitlist,
    letters,
  };
}
