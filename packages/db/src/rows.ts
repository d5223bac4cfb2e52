/**
 * Raw SQL typed by the schema. Hot statements are written as SQL (docs/performance.md), but the
 * rows they return are the schema's rows: `columnsOf(orders, ['orderId', 'created'], 'o')` is the
 * select list `o."order_id" AS "orderId", o."created" AS "created"` and a reader that turns a row
 * as the driver answered it into `Pick<Row<typeof orders>, 'orderId' | 'created'>`.
 *
 * Each value goes through its column's own mapping, as Drizzle's query builder maps it, so values
 * are alike on both drivers and in JSON: a timestamp becomes a Date (raw statements leave it
 * text on PGlite and node-postgres alike, and JSON holds it as ISO text), jsonb is parsed, an
 * int[] is an array, a bigint a number. A column renamed or retyped in schema.ts changes the
 * statement's text and its row type together.
 */
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/** A table's row as Drizzle's select gives it. */
export type Row<T extends Table> = T['$inferSelect'];

/** A row whose every value may be null: columns of a LEFT JOINed table. */
export type Nullable<R> = { [K in keyof R]: R[K] | null };

export interface RowReader<R> {
  /** The select (or RETURNING) list: each column as its property name, `o."order_id" AS "orderId"`. */
  readonly list: SQL;
  /** The arguments of json_build_object for the same columns (`'orderId', o."order_id"`), for rows nested in JSON. */
  readonly json: SQL;
  /** A row as either driver answered `list` (or a JSON object of `json`), in the schema's types. */
  readonly read: (raw: object) => R;
}

type ColumnKey<T extends Table> = keyof Row<T> & string;

/** Columns of `table` (`alias` when the statement names the table so), read as its rows. */
export function columnsOf<T extends Table, K extends ColumnKey<T>>(
  table: T,
  keys: readonly K[],
  alias: string | undefined,
  options: { leftJoined: true },
): RowReader<Nullable<Pick<Row<T>, K>>>;
export function columnsOf<T extends Table, K extends ColumnKey<T>>(table: T, keys: readonly K[], alias?: string): RowReader<Pick<Row<T>, K>>;
export function columnsOf<T extends Table, K extends ColumnKey<T>>(
  table: T,
  keys: readonly K[],
  alias?: string,
  // Only the type differs: null is read as null whatever the column.
  _options?: { leftJoined: true },
): RowReader<Pick<Row<T>, K>> {
  const columns = getTableColumns(table);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return { key, column, sql: `${alias ? `${alias}.` : ''}"${column.name}"` };
  });
  return {
    list: sql.raw(picked.map((c) => `${c.sql} AS "${c.key}"`).join(', ')),
    json: sql.raw(picked.map((c) => `'${c.key}', ${c.sql}`).join(', ')),
    read: (raw) => {
      const values = raw as Record<string, unknown>;
      const row: Record<string, unknown> = {};
      for (const { key, column } of picked) {
        const value = values[key];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as Pick<Row<T>, K>;
    },
  };
}

/**
 * What a computed figure is read as: a count or sum (bigint and numeric come as text; null is 0),
 * a number where null means none ('number?': a min() or max() over no row, a sub-select that
 * finds nothing), a flag, text the statement always gives ('text': a key, a coalesce; null is ''),
 * or text that may be null ('text?': a JSON field, a string_agg over no row).
 */
type FigureKind = 'number' | 'number?' | 'boolean' | 'text' | 'text?';
type FigureValue<K extends FigureKind> = K extends 'number'
  ? number
  : K extends 'number?'
    ? number | null
    : K extends 'boolean'
      ? boolean
      : K extends 'text'
        ? string
        : string | null;

function readFigure(kind: FigureKind, value: unknown): number | boolean | string | null {
  switch (kind) {
    case 'number':
      return Number(value ?? 0);
    case 'number?':
      return value == null ? null : Number(value);
    case 'boolean':
      return value === true || value === 't';
    case 'text':
      return value == null ? '' : String(value);
    case 'text?':
      return value == null ? null : String(value);
  }
}

/**
 * Figures a statement computes beside a table's columns (a count, a sum, an EXISTS), which no
 * column types: named `AS` in the select list, read as numbers, booleans or text (FigureKind).
 */
export function figuresOf<F extends Record<string, FigureKind>>(figures: F): { read: (raw: object) => { [K in keyof F]: FigureValue<F[K]> } } {
  return {
    read: (raw) => {
      const values = raw as Record<string, unknown>;
      const read: Record<string, unknown> = {};
      for (const [name, kind] of Object.entries(figures)) {
        read[name] = readFigure(kind, values[name]);
      }
      return read as { [K in keyof F]: FigureValue<F[K]> };
    },
  };
}
