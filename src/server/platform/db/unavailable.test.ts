import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableCode } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle hands a failed statement on: its text and parameters, the driver's error as the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('insert into waitlist_entries (email) values ($1)', ['ada@example.com'], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['the server shutting down or pg_terminate_backend (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006', 'connection failure')],
    ['a connection dying mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool finding no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a new connection timing out', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
    ['a client left unusable', new Error('Client has encountered a connection error and is not queryable')],
    ['localhost refusing on every address', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    // better-auth wraps again, as the cause of its own error.
    expect(isDatabaseUnavailable(new Error('Failed to get session', { cause: wrapped(error) }))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a bad value', withCode('22P02', 'invalid input syntax for type uuid')],
    ['a deadlock', withCode('40P01', 'deadlock detected')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('names the driver code for the log, never the statement or its parameters', () => {
    expect(unavailableCode(wrapped(withCode('57P01', 'terminating connection due to administrator command')))).toBe('57P01');
    expect(unavailableCode(wrapped(new Error('Connection terminated unexpectedly')))).toBe('Connection terminated unexpectedly');
    expect(unavailableCode(wrapped(new Error('Connection terminated unexpectedly')))).not.toContain('example.com');
  });
});
