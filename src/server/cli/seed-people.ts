import { CITIES, STREET_KINDS, STREETS } from './seed-data';
import { FIRST_NAMES, LAST_NAMES } from './seed-names';
import { DAY, type Person, type Rng, type SeedContext, type UserRow } from './seed-context';

/** People with common US names, a city and an address at example.com that avoids `taken` (and is added to it). */
export function personFactory(rng: Rng, taken: Set<string>) {
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

/** A made-up street address in `city`, with a ZIP code of the city's prefix. */
export const address = (rng: Rng, city: Person['city']) =>
  `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_KINDS)}, ${city[0]}, ${city[1]} ${city[4]}${String(rng.int(1, 99)).padStart(2, '0')}`;

/** One account per person: guests until their applications make them applicants (seed-applications.ts). */
export function planUsers({ rng }: SeedContext, people: Person[]): UserRow[] {
  return people.map((person) => ({
    id: rng.id(),
    name: `${person.firstName} ${person.lastName}`,
    email: person.email,
    emailVerified: rng.chance(0.92),
    firstName: person.firstName,
    lastName: person.lastName,
    phone: rng.chance(0.85) ? person.phone : null,
    role: 'guest',
    // A state's full name, as the app's forms store it (US_STATES), not its code.
    intendedState: rng.chance(0.75) ? (rng.chance(0.8) ? person.city[2] : rng.pick(CITIES)[2]) : null,
  }));
}

/**
 * When each account was made: some days before its first application, or any day
 * of the last 400 for an account without one (`firstActivity` is Infinity).
 */
export function dateJoined({ rng, now }: SeedContext, users: UserRow[], firstActivity: number[]): void {
  users.forEach((row, index) => {
    const joined = Number.isFinite(firstActivity[index])
      ? firstActivity[index] - rng.int(0, 30) * DAY - rng.int(0, 86_399) * 1000
      : now.getTime() - rng.int(0, 400) * DAY - rng.int(0, 86_399) * 1000;
    row.createdAt = new Date(joined);
    row.updatedAt = new Date(joined);
  });
}
