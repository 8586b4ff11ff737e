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
import { waitlistSubmission, type WaitlistRequest } from '../../domain/factories/waitlist-submission';
import { adminTimelines, WAITLIST_INTERESTS } from './seed-data';
import { DAY, round, type Person, type SeedContext, type WaitlistRow } from './seed-context';

/** The stored entry of a public submission: its fields, the address's key, the browser's clock (as src/server/modules/waitlist/store-submission.ts stores it). */
function entryOf({ timestamp, website: _website, ...s }: WaitlistRequest) {
  return { ...s, emailKey: s.email.toLowerCase(), clientTimestamp: new Date(timestamp) };
}

/**
 * `count` public submissions over the last year, each as the /waitlist page sends
 * it (the factory's, with answers drawn at random): first by `fromUsers` (people
 * who also have an account, so the list derives their labels), then by new people.
 */
export function planPublicWaitlist({ rng, at, newPerson }: SeedContext, fromUsers: Person[], count: number): WaitlistRow[] {
  const rows: WaitlistRow[] = [];
  for (let n = 0; n < count; n += 1) {
    const person = n < fromUsers.length ? fromUsers[n] : newPerson();
    const receivedAt = at(Math.pow(rng.next(), 1.3) * 365 * DAY + rng.int(0, 86_399) * 1000);
    const intendedState = rng.chance(0.85) ? person.city[2] : rng.pick(US_STATES);
    const id = rng.uuid();
    const submission = waitlistSubmission({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      cityState: `${person.city[0]}, ${person.city[1]}`,
      intendedState: intendedState as (typeof US_STATES)[number],
      homeType: rng.pick(HOME_TYPES).value,
      buyingTimeline: rng.pick(BUYING_TIMELINES).value,
      priceRange: rng.pick(PRICE_RANGES).value,
      downPayment: rng.pick(DOWN_PAYMENTS),
      monthlyPaymentRange: rng.pick(MONTHLY_PAYMENT_RANGES),
      priority: rng.pick(PRIORITIES).value,
      housingStatus: rng.pick(HOUSING_STATUSES).value,
      interests: rng.pick(WAITLIST_INTERESTS),
      timestamp: new Date(receivedAt.getTime() - rng.int(80, 900)).toISOString(),
    });
    rows.push({
      id,
      source: 'public',
      ...entryOf(submission),
      receivedAt,
      submissionCount: rng.chance(0.08) ? 2 : 1,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    });
  }
  return rows;
}

/** `count` applicants added by staff in the back office over the last 300 days, each a new person. */
export function planStaffWaitlist({ rng, now, at, newPerson, adminEmail }: SeedContext, count: number): WaitlistRow[] {
  const rows: WaitlistRow[] = [];
  for (let n = 0; n < count; n += 1) {
    const person = newPerson();
    const createdAt = at(rng.next() * 300 * DAY + rng.int(0, 86_399) * 1000);
    rows.push({
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
  return rows;
}
