import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The lowest zxcvbn score a new password needs (0–4). 3 is "safely
 * unguessable: moderate protection from an offline slow-hash attack", about
 * 10^8 guesses or more (docs/decisions/018-password-strength.md).
 */
export const MIN_PASSWORD_SCORE = 3;

/** What the person behind the account is known by: a password built from these is refused. */
export interface PersonalInputs {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

let factory: ZxcvbnFactory | undefined;

/**
 * zxcvbn-ts with its common-password, English and keyboard lists, built once on
 * first use (a few MB of dictionaries, all from npm: nothing is fetched at run time).
 */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    /*
     * Bounds on the work per check, which runs on the event loop: unbounded, a
     * 128-character password of l33t-able symbols took seconds. The first 32
     * characters are judged (a longer password is weak only if they are), with
     * at most 8 l33t substitutions tried; measured at well under 100 ms warm.
     * Edit-distance matching is off for the same reason: 0.3–3 s a check.
     */
    maxLength: 32,
    l33tMaxSubstitutions: 8,
    useLevenshteinDistance: false,
  });
  return factory;
}

/** The e-mail address, its local part and the local part's pieces (grace.hopper → grace, hopper), and the names. */
export function personalWords({ email, firstName, lastName }: PersonalInputs): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const word = value?.trim().toLowerCase();
    if (word && word.length >= 3) words.add(word);
  };
  add(email);
  const local = email?.split('@')[0];
  add(local);
  for (const piece of local?.split(/[._+-]+/) ?? []) add(piece);
  add(firstName);
  add(lastName);
  return [...words];
}

/** Our wording for zxcvbn's warnings that read oddly under a form field. */
const WARNINGS: Partial<Record<string, string>> = {
  [translations.warnings.userInputs]: 'Do not use your name or email address in your password.',
};

/** The reason shown under the field: zxcvbn's warning (why it is weak) and its first suggestion (what to do). */
function reasonOf(result: ZxcvbnResult): string {
  const warning = result.feedback.warning ? (WARNINGS[result.feedback.warning] ?? result.feedback.warning) : 'This password is too easy to guess.';
  const suggestion = result.feedback.suggestions[0] ?? 'Add more words that are less common.';
  return `${warning} ${suggestion}`;
}

const PERSONAL = 'Do not use your name or email address in your password.';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The password without the account's e-mail address, its pieces and the names, longest first. */
function withoutPersonalWords(password: string, words: string[]): string {
  let rest = password;
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.replace(new RegExp(escapeRegExp(word), 'gi'), '');
  return rest;
}

/**
 * Why `password` is too weak, or undefined when it is strong enough: a zxcvbn
 * score below MIN_PASSWORD_SCORE, counting common and leaked passwords, words,
 * names, keyboard patterns, dates and the account's own e-mail address and name.
 * A password that contains the address or a name must be strong without it, so
 * neither 'grace.hopper@example.com' nor 'GraceHopper2024' passes for Grace
 * Hopper (zxcvbn alone judges only the first 32 characters, and an address
 * with random-looking parts can look strong to it).
 */
export function passwordWeakness(password: string, inputs: PersonalInputs = {}): string | undefined {
  const words = personalWords(inputs);
  const rest = withoutPersonalWords(password, words);
  if (rest !== password && zxcvbn().check(rest, words).score < MIN_PASSWORD_SCORE) return `${PERSONAL} Add more words that are less common.`;
  const result = zxcvbn().check(password, words);
  return result.score >= MIN_PASSWORD_SCORE ? undefined : reasonOf(result);
}
