/**
 * What a log line may say about an error: its class, its codes, the names of the
 * database objects involved, a message without values and where it was thrown.
 * Nothing else: Drizzle's errors carry the statement and its parameters
 * (`params`), and PostgreSQL's (pg and PGlite alike) the values in `detail`
 * ('Key (email)=(…)', 'Failing row contains (…)'), `where`, `query` and
 * `params` — a failed write would log the people it was writing about. The
 * logger uses this as its `err` serializer (src/server/platform/lib/logger.ts), so every
 * `logger.*({ err })` call goes through it.
 */
export interface ErrorFacts {
  /** The error's class, e.g. DrizzleQueryError, DatabaseError, TypeError. */
  type: string;
  /** SQLSTATE of a database error (23505), or a system code (ECONNREFUSED). */
  code?: string;
  /** HTTP status of an error that carries one (better-auth's APIError). */
  status?: number;
  message?: string;
  /** Names of the database objects a PostgreSQL error points at. */
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  /** The PostgreSQL source function that raised it (e.g. _bt_check_unique). */
  routine?: string;
  /** Stack frames only: the first line of a stack repeats the message. */
  stack?: string;
  cause?: ErrorFacts;
}

const MAX_MESSAGE = 200;
const MAX_FRAMES = 12;
const MAX_CAUSES = 3;
const CODE = /^(?:[0-9A-Z]{5}|E[A-Z0-9_]{2,40}|ERR_[A-Z0-9_]{1,60})$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$.]{0,62}$/;
/** undefined table, column, function, object, parameter: their quoted names are the statement's own. */
const UNDEFINED_OBJECT = /^42(?:P01|703|883|704|P02)$/;
const NAME_FIELDS = ['schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

/**
 * A message with no values in it. Everything from the first quote on is cut —
 * PostgreSQL and JSON.parse quote the offending value ('invalid input syntax for
 * type uuid: "…"'), and a quoted value may itself contain quotes, so no pairing
 * of quotes is safe. Only an undefined table, column or function error keeps
 * its quoted names: they come from the statement's text, which holds
 * placeholders, never values. Addresses, long digit runs, long tokens and URL
 * paths are masked in what remains. Drizzle's 'Failed query: <sql> params: …'
 * becomes 'Failed query: <the driver error's safe message>'.
 */
export function safeErrorMessage(error: unknown): string | undefined {
  const raw = (error as { message?: unknown } | null)?.message;
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.startsWith('Failed query:')) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause && cause !== error ? safeErrorMessage(cause) : undefined;
    return reason ? `Failed query: ${reason}` : 'Failed query';
  }
  const code = (error as { code?: unknown }).code;
  const keepNames = typeof code === 'string' && UNDEFINED_OBJECT.test(code);
  const text = cutAtValue(raw.split('\n', 1)[0]!, keepNames)
    .replace(/(https?:\/\/[^\s/?#]+)\S*/gi, '$1/…')
    .replace(/\S+@\S+/g, '[email]')
    .replace(/\d[\d\s().+-]{5,}\d/g, (run) => (run.replace(/\D/g, '').length >= 7 ? '[number]' : run))
    // Tokens: long runs with a digit in them (a long table name has none).
    .replace(/[A-Za-z0-9_\-.]{24,}/g, (run) => (/\d/.test(run) ? '[redacted]' : run));
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** The text before the first quote (or `(key)=(`), passing over quoted identifiers when `keepNames`. */
function cutAtValue(text: string, keepNames: boolean): string {
  const quote = /["`]|(?<![A-Za-z])'|\(\S*\)=\(/g;
  for (let found = quote.exec(text); found; found = quote.exec(text)) {
    const name = keepNames && found[0] === '"' ? /^"[A-Za-z_][A-Za-z0-9_$.]{0,62}"/.exec(text.slice(found.index)) : null;
    if (!name) return `${text.slice(0, found.index)}…`;
    quote.lastIndex = found.index + name[0].length;
  }
  return text;
}

/** `at fn (file:line:col)` lines of a stack, without its header (which holds the message). */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at \S.*:\d+:\d+\)?$/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return frames.length ? frames.join('\n') : undefined;
}

function typeOf(error: object): string {
  const ctor = (error as { constructor?: { name?: unknown } }).constructor?.name;
  // PGlite's and pg's errors have a minified class name, or the name 'error'.
  const name = (error as { name?: unknown }).name;
  if (typeof ctor === 'string' && ctor.length > 1 && ctor !== 'Object') return ctor;
  return typeof name === 'string' && name && name !== 'error' ? name : 'DatabaseError';
}

function factsOf(error: unknown, depth: number): ErrorFacts {
  if (error === null || typeof error !== 'object') return { type: typeof error };
  const e = error as Record<string, unknown>;
  const facts: ErrorFacts = { type: typeOf(error) };
  if (typeof e.code === 'string' && CODE.test(e.code)) facts.code = e.code;
  const status = typeof e.statusCode === 'number' ? e.statusCode : e.status;
  if (typeof status === 'number' && Number.isInteger(status)) facts.status = status;
  const message = safeErrorMessage(error);
  if (message) facts.message = message;
  // Only a database error's names; other errors may use these keys for anything.
  if (facts.code && /^[0-9A-Z]{5}$/.test(facts.code)) {
    for (const field of NAME_FIELDS) {
      const value = e[field];
      if (typeof value === 'string' && IDENTIFIER.test(value)) facts[field] = value;
    }
  }
  if (depth === 0) {
    const stack = stackFrames(e.stack);
    if (stack) facts.stack = stack;
  }
  if (e.cause !== undefined && e.cause !== error && depth < MAX_CAUSES) facts.cause = factsOf(e.cause, depth + 1);
  return facts;
}

/** The logger's `err` serializer: the safe facts of any thrown value. */
export const errorFacts = (error: unknown): ErrorFacts => factsOf(error, 0);
