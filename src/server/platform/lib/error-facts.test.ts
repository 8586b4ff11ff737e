import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorFacts, safeErrorMessage } from './error-facts';
import { createLogger } from './logger';

/** PGlite's error class, as its minified build names it. */
class O extends Error {}

/** A PostgreSQL error as pg and PGlite throw it: the values in `detail`, `where`, `query` and `params`. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  const error = new O(message);
  error.name = 'error';
  return Object.assign(error, {
    severity: 'ERROR',
    query: 'insert into "user" (email, phone) values ($1, $2)',
    params: ['ada@example.com', '(214) 555-0187'],
    ...fields,
  });
}

const duplicate = () =>
  databaseError('duplicate key value violates unique constraint "user_email_unique"', {
    code: '23505',
    detail: 'Key (email)=(ada@example.com) already exists.',
    schema: 'public',
    table: 'user',
    constraint: 'user_email_unique',
    routine: '_bt_check_unique',
  });

const PERSONAL = ['ada@example.com', '555-0187', 'Lovelace'];
const expectNoPersonalData = (text: string) => {
  for (const value of PERSONAL) expect(text).not.toContain(value);
};

describe('errorFacts', () => {
  it("keeps a database error's class, SQLSTATE and names, and drops its statement, parameters and detail", () => {
    const wrapped = new DrizzleQueryError('insert into "user" (email, phone) values ($1, $2)', ['ada@example.com', '(214) 555-0187'], duplicate());
    const facts = errorFacts(wrapped);
    expect(facts).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: duplicate key value violates unique constraint …',
      cause: { type: 'DatabaseError', code: '23505', schema: 'public', table: 'user', constraint: 'user_email_unique', routine: '_bt_check_unique' },
    });
    const text = JSON.stringify(facts);
    expectNoPersonalData(text);
    for (const key of ['"params"', '"query"', '"detail"', '"where"', 'insert into', 'Key (email)']) expect(text).not.toContain(key);
  });

  it('cuts a message at the value it quotes', () => {
    expect(safeErrorMessage(databaseError('invalid input syntax for type uuid: "ada@example.com"', { code: '22P02' }))).toBe(
      'invalid input syntax for type uuid: …',
    );
    expect(safeErrorMessage(databaseError('invalid input value for enum role: "Lovelace"', { code: '22P02' }))).toBe('invalid input value for enum role: …');
    // A quoted value may hold quotes itself: nothing after the first one survives.
    let parseError: unknown;
    try {
      JSON.parse('{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com"');
    } catch (error) {
      parseError = error;
    }
    expectNoPersonalData(JSON.stringify(errorFacts(parseError)));
    expect(safeErrorMessage(new TypeError("Cannot read properties of undefined (reading 'Lovelace')"))).toBe('Cannot read properties of undefined (reading …');
  });

  it('masks addresses, phone numbers and tokens left outside quotes, and the path of a URL', () => {
    const smtp = new Error("Can't send mail - all recipients were rejected: 550 5.1.1 ada@example.com: Recipient address rejected, call 214 555 0187");
    expect(safeErrorMessage(smtp)).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 [email] Recipient address rejected, call [number]");
    expect(safeErrorMessage(new Error('GET https://hooks.example.com/exec?key=secret-token failed'))).toBe('GET https://hooks.example.com/… failed');
    expect(safeErrorMessage(new Error('bad token abcdefghijklmnopqrstuvwxyz0123'))).toBe('bad token [redacted]');
  });

  it("keeps the names in a missing table's or column's message, which come from the statement", () => {
    expect(safeErrorMessage(databaseError('relation "applications" does not exist', { code: '42P01' }))).toBe('relation "applications" does not exist');
    expect(safeErrorMessage(databaseError('column "phone" of relation "user" does not exist', { code: '42703' }))).toBe(
      'column "phone" of relation "user" does not exist',
    );
    // A syntax error quotes the statement's text: cut like any other.
    expect(safeErrorMessage(databaseError('syntax error at or near "Lovelace"', { code: '42601' }))).toBe('syntax error at or near …');
    // Not an identifier: cut.
    expect(safeErrorMessage(databaseError('relation "ada@example.com" does not exist', { code: '42P01' }))).toBe('relation …');
  });

  it('gives stack frames without the message the stack starts with', () => {
    const facts = errorFacts(new DrizzleQueryError('select $1', ['ada@example.com'], duplicate()));
    expect(facts.stack).toMatch(/^at /);
    expectNoPersonalData(facts.stack!);
    expect(facts.stack).not.toContain('Failed query');
    expect(facts.cause?.stack).toBeUndefined();
  });

  it('names a status and a system code, and drops names from errors that are not the database', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', table: 'Lovelace' });
    expect(errorFacts(refused)).toMatchObject({ type: 'Error', code: 'ECONNREFUSED' });
    expect(errorFacts(refused).table).toBeUndefined();
    expect(errorFacts(Object.assign(new Error('nope'), { statusCode: 503 })).status).toBe(503);
    expect(errorFacts('ada@example.com')).toEqual({ type: 'string' });
    expect(errorFacts(null)).toEqual({ type: 'object' });
  });
});

describe('the logger', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) };
  };

  it('logs an error as its safe facts', () => {
    const { lines, logger } = capture();
    logger.error({ err: new DrizzleQueryError('update "user" set phone = $1', ['(214) 555-0187'], duplicate()), reqId: 'r1' }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expectNoPersonalData(lines[0]!);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'unhandled error',
      reqId: 'r1',
      err: { type: 'DrizzleQueryError', cause: { code: '23505', constraint: 'user_email_unique' } },
    });
  });

  it("does not take an error's raw message as the line's message", () => {
    const { lines, logger } = capture();
    logger.error(duplicate());
    logger.warn({ err: databaseError('invalid input syntax for type uuid: "Lovelace"', { code: '22P02' }) });
    logger.info({ n: 1 });
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'duplicate key value violates unique constraint …',
      'invalid input syntax for type uuid: …',
      undefined,
    ]);
    for (const line of lines) expectNoPersonalData(line);
  });
});
