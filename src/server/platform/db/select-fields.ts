import { Column, is, noopDecoder, Param, SQL, sql, StringChunk, type DriverValueDecoder, type GetColumnData, type Name, type SQLChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from './client';

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

const dialect = new PgDialect();

type Decoder = DriverValueDecoder<unknown, unknown>;
// What drizzle's own result mapping decodes an expression with (`.mapWith`); not in its declared type.
const decoderOf = (field: Column | SQL): Decoder => (is(field, Column) ? field : (field as unknown as { decoder: Decoder }).decoder);

/**
 * A fragment built once (a module constant) rendered once: its text with its parameters
 * in place. drizzle otherwise walks every column, table and nested template of a
 * statement each time it is sent, some microseconds a column that a list request would
 * pay again and again (the back-office benchmark, docs/decisions/013-applications-search.md).
 */
export function fixed<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  // Text and `$n` placeholders alternate: text, number, text, …
  const parts = text.split(/\$(\d+)/);
  const chunks: SQLChunk[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    if (parts[i]) chunks.push(new StringChunk(parts[i]!));
    if (i + 1 < parts.length) {
      const index = Number(parts[i + 1]) - 1;
      if (index !== i / 2) return fragment; // a `$n` that is not the next parameter (in a literal?): leave it to drizzle
      const value = params[index];
      // A plain value is a parameter as it stands (drizzle's cheapest chunk); anything else (an array would read as a list) keeps its Param.
      chunks.push(value === null || typeof value !== 'object' ? (value as SQLChunk) : new Param(value));
    }
  }
  const rendered = new SQL<T>(chunks);
  const decoder = decoderOf(fragment);
  if (decoder !== noopDecoder) rendered.mapWith(decoder);
  return rendered;
}

/** `build` with each fragment it returns rendered once (fixed) per distinct arguments: a list's orders and kept totals. */
export function fixedPer<A extends string[]>(build: (...args: A) => SQL): (...args: A) => SQL {
  const built = new Map<string, SQL>();
  return (...args) => {
    const key = args.join(' ');
    let fragment = built.get(key);
    if (!fragment) {
      fragment = fixed(build(...args));
      built.set(key, fragment);
    }
    return fragment;
  };
}

const selectLists = new WeakMap<Fields, SQL>();

/** `<column> as "<name>", …`: the select list whose rows decodeRows reads, rendered once per fields object. */
export function selectList(fields: Fields): SQL {
  let list = selectLists.get(fields);
  if (!list) {
    list = fixed(
      sql.join(
        Object.entries(fields).map(([name, field]) => sql`${field} as ${sql.identifier(name)}`),
        sql`, `,
      ),
    );
    selectLists.set(fields, list);
  }
  return list;
}

// Text, uuid and boolean columns and undecoded expressions keep what the driver sent.
const passThrough = (decoder: Decoder) => decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

/** Per fields object: its names, and the decoder of each that changes what the driver sends (null: the value is copied). */
const plans = new WeakMap<Fields, { names: string[]; decoders: (Decoder | null)[]; template: Record<string, unknown> }>();
function planOf(fields: Fields) {
  let plan = plans.get(fields);
  if (!plan) {
    const names = Object.keys(fields);
    plan = {
      names,
      decoders: names.map((name) => (passThrough(decoderOf(fields[name]!)) ? null : decoderOf(fields[name]!))),
      template: Object.fromEntries(names.map((name) => [name, null])),
    };
    plans.set(fields, plan);
  }
  return plan;
}

/** The rows of a `selectList(fields)` query as `RowOf<fields>`; other columns of the rows are left out. */
export function decodeRows<F extends Fields>(fields: F, rows: readonly Record<string, unknown>[]): RowOf<F>[] {
  const { names, decoders, template } = planOf(fields);
  const decoded = new Array<RowOf<F>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const out: Record<string, unknown> = { ...template };
    for (let i = 0; i < names.length; i++) {
      const value = row[names[i]!] ?? null;
      const decoder = decoders[i];
      out[names[i]!] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    decoded[r] = out as RowOf<F>;
  }
  return decoded;
}

/**
 * A column's bare name, where SQL does not take it qualified by its table (as
 * `${column}` renders it): the target of an UPDATE's SET, an INSERT's column list,
 * ON CONFLICT's target, `excluded.<column>`.
 */
export const columnName = (column: Column): Name => sql.identifier(column.name);

/** Runs `query` (which selects `selectList(fields)`) and decodes its rows. */
export async function selectRows<F extends Fields>(db: Pick<Db, 'execute'>, fields: F, query: SQL): Promise<RowOf<F>[]> {
  return decodeRows(fields, await queryRows<Record<string, unknown>>(db, query));
}
