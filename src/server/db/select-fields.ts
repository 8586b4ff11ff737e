import { Column, is, SQL, sql, type DriverValueDecoder, type GetColumnData } from 'drizzle-orm';
import { queryRows } from './client';
import type { Db } from './client';

/**
 * The columns a raw-SQL read selects, named through the schema: `{ firstName: applications.firstName }`.
 * A renamed or removed column is then a type error, not a failing query, and the rows
 * come back typed and decoded as the query builder would give them (numeric as a
 * number, timestamps as Dates, jsonb parsed). An SQL expression is passed through as
 * the driver sends it, or decoded by its `.mapWith(…)`.
 *
 * For the reads whose SQL has to stay as written — the back office's lists keep the
 * plans measured in docs/decisions/009-back-office.md and 013-applications-search.md.
 */
export type Fields = Record<string, Column | SQL>;

/** A row of `F`: each column's own type (nullable unless the column is not null), each expression's `sql<T>`. */
export type RowOf<F extends Fields> = {
  [K in keyof F]: F[K] extends Column ? GetColumnData<F[K]> : F[K] extends SQL<infer T> ? T : never;
};

/** `<column> as "<name>", …`: the select list whose rows decodeRows reads. */
export function selectList(fields: Fields): SQL {
  return sql.join(
    Object.entries(fields).map(([name, field]) => sql`${field} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

// What drizzle's own result mapping decodes an expression with (`.mapWith`); not in its declared type.
const decoderOf = (field: Column | SQL): DriverValueDecoder<unknown, unknown> =>
  is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** The rows of a `selectList(fields)` query as `RowOf<fields>`; other columns of the rows are left out. */
export function decodeRows<F extends Fields>(fields: F, rows: readonly Record<string, unknown>[]): RowOf<F>[] {
  const decoders = Object.entries(fields).map(([name, field]) => [name, decoderOf(field)] as const);
  return rows.map((row) => {
    const decoded: Record<string, unknown> = {};
    for (const [name, decoder] of decoders) {
      const value = row[name];
      decoded[name] = value === null || value === undefined ? null : decoder.mapFromDriverValue(value);
    }
    return decoded as RowOf<F>;
  });
}

/** Runs `query` (which selects `selectList(fields)`) and decodes its rows. */
export async function selectRows<F extends Fields>(db: Pick<Db, 'execute'>, fields: F, query: SQL): Promise<RowOf<F>[]> {
  return decodeRows(fields, await queryRows<Record<string, unknown>>(db, query));
}
