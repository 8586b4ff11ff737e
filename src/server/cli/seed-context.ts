import type { applicationRequestEvents, applicationRequests, applications, documents, lettersOfIntent, users, waitlistEntries } from '../platform/db/schema';
import { CITIES } from './seed-data';

/**
 * What every part of the demo data plan (seed-plan.ts) shares: one seeded PRNG,
 * drawn from in a fixed order so the same seed gives the same rows, the instant
 * the data is spread back from, and the people it is about.
 */

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
export type Rng = ReturnType<typeof prng>;

export const DAY = 86_400_000;
export const round = (value: number, step: number) => Math.round(value / step) * step;

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: (typeof CITIES)[number];
}

export interface SeedContext {
  rng: Rng;
  now: Date;
  /** The instant `msAgo` before `now`. */
  at: (msAgo: number) => Date;
  /** A new person with an e-mail address no one has yet. */
  newPerson: () => Person;
  /** Who is recorded as having added the staff-made rows (waitlist applicants, letters). */
  adminEmail: string;
  /** The admin accounts applications are assigned to (none: no application is assigned). */
  staff?: readonly { id: string; name: string }[];
}

export type UserRow = typeof users.$inferInsert;
export type ApplicationRow = typeof applications.$inferInsert;
export type RequestRow = typeof applicationRequests.$inferInsert;
export type RequestEventRow = typeof applicationRequestEvents.$inferInsert;
export type DocumentRow = typeof documents.$inferInsert;
export type WaitlistRow = typeof waitlistEntries.$inferInsert;
export type LetterRow = typeof lettersOfIntent.$inferInsert;
