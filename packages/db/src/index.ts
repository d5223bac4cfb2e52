export * from './schema.ts';
export * as schema from './schema.ts';
export { inOneStatement, intArrayParam, openDatabase, queryNumber, queryPreparedRows, queryRows, migrationsFolder } from './client.ts';
export type { Database, DatabaseHandle, DatabaseOptions, Executor, Schema } from './client.ts';
export { columnsOf, figuresOf, type Nullable, type Row, type RowReader } from './rows.ts';
