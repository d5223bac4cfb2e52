/**
 * What a backup's manifest says about the shop, read the same way from either database: the
 * schema's version (the latest migration applied) and counts an operator can compare with what
 * the back office shows, before and after a restore.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '@shop/db';
import type { ShopCounts } from './backup-archive.ts';

/** Runs one statement and answers its rows, on whichever driver. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this version of the shop knows, oldest first (drizzle-kit's journal). */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

export interface SchemaVersion {
  /** The tag of the latest migration applied, or `unknown-<time>` for one this version does not know (a newer shop). */
  tag: string;
  applied: number;
  /** False when the database has a migration this version of the shop does not know. */
  known: boolean;
}

/** Drizzle records each applied migration with its journal time (`created_at`). */
export async function schemaVersion(run: RunQuery): Promise<SchemaVersion> {
  const rows = await run('SELECT count(*)::int AS applied, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations');
  const applied = Number(rows[0]?.applied ?? 0);
  const latest = rows[0]?.latest === null || rows[0]?.latest === undefined ? null : Number(rows[0].latest);
  if (latest === null) return { tag: 'none', applied: 0, known: true };
  const entry = knownMigrations().find((migration) => migration.when === latest);
  return entry ? { tag: entry.tag, applied, known: true } : { tag: `unknown-${latest}`, applied, known: false };
}

export async function shopCounts(run: RunQuery): Promise<ShopCounts> {
  const [row] = await run(`SELECT
      (SELECT count(*) FROM orders)::int AS orders,
      (SELECT count(*) FROM invoices)::int AS invoices,
      (SELECT count(*) FROM credit_notes)::int AS credit_notes,
      (SELECT count(*) FROM products)::int AS products,
      (SELECT count(*) FROM images)::int AS images,
      (SELECT count(*) FROM users)::int AS customers,
      (SELECT count(*) FROM jobs WHERE state = 'pending')::int AS pending_jobs`);
  const count = (name: string) => Number(row?.[name] ?? 0);
  return {
    orders: count('orders'),
    invoices: count('invoices'),
    creditNotes: count('credit_notes'),
    products: count('products'),
    images: count('images'),
    customers: count('customers'),
    pendingJobs: count('pending_jobs'),
  };
}

export function describeCounts(counts: ShopCounts): string {
  return (
    `${counts.orders} orders, ${counts.invoices} invoices, ${counts.creditNotes} credit notes, ${counts.products} products, ` +
    `${counts.images} images, ${counts.customers} customers, ${counts.pendingJobs} e-mails waiting to be sent`
  );
}
