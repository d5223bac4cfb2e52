/**
 * Price lists in the back office (docs/price-lists.md): staff with 'price-lists:manage' (owner,
 * manager) create and rename lists, add or replace entries one at a time or by CSV import with
 * a dry run, remove entries, and assign customers. Every change is an entry of
 * `price_list_events` (who, when, before and after), in the change's transaction. Prices are
 * resolved for customers by pricing/customer-prices.ts; nothing here is read by the storefront.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, priceListCustomers, priceListEntries, priceListEvents, priceLists, productPrices, productSizes, products, queryRows, staff, users, type Database, type Executor, type Row } from '@shop/db';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { isUniqueViolationOf } from '../database-errors.ts';
import { flattenCategories, readCategoryTree } from '../catalogue-admin/category-editor.ts';
import {
  describeRule,
  describeTarget,
  planPriceListImport,
  priceListCsv,
  priceListCsvMessages,
  readEntryRow,
  readPriceListFile,
  targetKey,
  type CatalogueIndex,
  type NamedEntry,
  type PriceListCsvColumn,
  type PriceListImportReport,
} from './price-list-csv.ts';

export const priceListMessages = {
  name: 'Give the price list a name (1-100) Characters',
  nameTaken: (name: string) => `There is already a price list called "${name}".`,
  noCustomer: (who: string) => `No customer has the e-mail address ${who}.`,
  closedCustomer: 'This customer has closed their account.',
} as const;

export interface PriceListSummary {
  priceListId: number;
  name: string;
  entryCount: number;
  customerCount: number;
}

export interface PriceListEntryRow extends NamedEntry {
  priceListEntryId: number;
  /** The product's name, for a size entry ('' for a category). */
  productName: string;
  /** "BOX-12 12x9x6, pack of 25" or "Boxes > Single Wall (category)". */
  what: string;
  /** "£19.99" or "12.5% off". */
  ruleText: string;
}

export interface PriceListCustomer {
  userId: number;
  name: string;
  email: string;
  companyName: string | null;
}

export interface PriceListDetail {
  priceListId: number;
  name: string;
  entries: PriceListEntryRow[];
  customers: PriceListCustomer[];
}

export interface PriceListEvent {
  kind: string;
  staffName: string | null;
  after: Record<string, unknown> | null;
  /** ISO instant. */
  at: string;
}

const NAME_INDEX = 'price_lists_name_key';

function checkName(raw: string): string {
  const name = raw.trim();
  if (name.length < 1 || name.length > 100) throw new Invalid(priceListMessages.name, { fields: [{ field: 'name', message: priceListMessages.name }] });
  return name;
}

const LIST = columnsOf(priceLists, ['priceListId', 'name'], 'l');
const CUSTOMER = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'companyName'], 'u');
const EVENT = columnsOf(priceListEvents, ['kind', 'after', 'createdAt'], 'e');
const BY = columnsOf(staff, ['name'], 's', { leftJoined: true });
const ENTRY = columnsOf(priceListEntries, ['priceListEntryId', 'productSizeId', 'categoryId', 'packQuantity', 'fixedPricePence', 'percentOff'], 'e');
const ENTRY_PRODUCT = columnsOf(products, ['productCode', 'name'], 'p', { leftJoined: true });
const ENTRY_SIZE = columnsOf(productSizes, ['size1'], 's', { leftJoined: true });
const INDEXED_PRODUCT = columnsOf(products, ['productCode'], 'p');
const INDEXED_SIZE = columnsOf(productSizes, ['productSizeId', 'size1'], 's');
/** A size's pack quantities, array_agg of its prices' pack_range[1] AS "packRange": an int[] read as that column; null when it has no prices. */
const INDEXED_PACKS = columnsOf(productPrices, ['packRange'], undefined, { leftJoined: true });
/** Computed beside a list's row in the list of lists. */
const LIST_FIGURES = figuresOf({ entryCount: 'number', customerCount: 'number' });

export class PriceLists {
  constructor(private readonly db: Database) {}

  async list(): Promise<PriceListSummary[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${LIST.list},
                 (SELECT count(*)::int FROM price_list_entries e WHERE e.price_list_id = l.price_list_id) AS "entryCount",
                 (SELECT count(*)::int FROM price_list_customers c WHERE c.price_list_id = l.price_list_id) AS "customerCount"
          FROM price_lists l ORDER BY lower(l.name), l.price_list_id`,
    );
    return rows.map((r) => ({ ...LIST.read(r), ...LIST_FIGURES.read(r) }));
  }

  async detail(priceListId: number): Promise<PriceListDetail> {
    const name = await this.nameOf(priceListId, this.db);
    const entries = await this.entriesOf(priceListId, this.db);
    const customers = await queryRows<object>(
      this.db,
      sql`SELECT ${CUSTOMER.list}
          FROM price_list_customers c JOIN users u ON u.user_id = c.user_id
          WHERE c.price_list_id = ${priceListId} ORDER BY lower(u.last_name), lower(u.first_name), u.user_id`,
    );
    return {
      priceListId,
      name,
      entries,
      customers: customers.map(CUSTOMER.read).map((c) => ({ userId: c.userId, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email, companyName: c.companyName })),
    };
  }

  /** The lists a customer is on (the back office's customer page). */
  async listsOf(userId: number): Promise<{ priceListId: number; name: string }[]> {
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${LIST.list} FROM price_list_customers c JOIN price_lists l ON l.price_list_id = c.price_list_id WHERE c.user_id = ${userId} ORDER BY lower(l.name)`,
    );
    return rows.map(LIST.read);
  }

  async history(priceListId: number, limit = 50): Promise<PriceListEvent[]> {
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${EVENT.list}, ${BY.list} FROM price_list_events e LEFT JOIN staff s ON s.staff_id = e.staff_id
          WHERE e.price_list_id = ${priceListId} ORDER BY e.price_list_event_id DESC LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const { kind, after, createdAt } = EVENT.read(r);
      return { kind, staffName: BY.read(r).name, after, at: `${createdAt.toISOString().slice(0, 19)}Z` };
    });
  }

  async create(staffId: number | null, rawName: string): Promise<number> {
    const name = checkName(rawName);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(priceLists).values({ name }).returning({ priceListId: priceLists.priceListId });
        const priceListId = row!.priceListId;
        await record(tx, priceListId, staffId, 'created', null, { name });
        return priceListId;
      });
    } catch (error) {
      if (isUniqueViolationOf(error, NAME_INDEX)) throw new Conflict(priceListMessages.nameTaken(name), { fields: [{ field: 'name', message: priceListMessages.nameTaken(name) }] });
      throw error;
    }
  }

  async rename(staffId: number | null, priceListId: number, rawName: string): Promise<void> {
    const name = checkName(rawName);
    try {
      await this.db.transaction(async (tx) => {
        const before = await this.nameOf(priceListId, tx, true);
        if (before === name) return;
        await tx.execute(sql`UPDATE price_lists SET name = ${name} WHERE price_list_id = ${priceListId}`);
        await record(tx, priceListId, staffId, 'renamed', { name: before }, { name });
      });
    } catch (error) {
      if (isUniqueViolationOf(error, NAME_INDEX)) throw new Conflict(priceListMessages.nameTaken(name), { fields: [{ field: 'name', message: priceListMessages.nameTaken(name) }] });
      throw error;
    }
  }

  /** Adds an entry, or replaces the rule of the entry with the same target; the fields are the CSV's columns. */
  async saveEntry(staffId: number | null, priceListId: number, cells: Partial<Record<PriceListCsvColumn, string>>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.nameOf(priceListId, tx, true);
      const read = readEntryRow(cells, await catalogueIndex(tx));
      if ('errors' in read) {
        const fields = read.errors.map((e) => ({ field: e.column ?? 'product_code', message: e.message }));
        throw new Invalid(read.errors[0]!.message, { fields });
      }
      const current = (await this.entriesOf(priceListId, tx)).find((e) => targetKey(e.target) === targetKey(read.entry.target));
      if (current) await tx.execute(sql`DELETE FROM price_list_entries WHERE price_list_entry_id = ${current.priceListEntryId}`);
      await insertEntries(tx, priceListId, [read.entry]);
      await record(tx, priceListId, staffId, current ? 'entry-changed' : 'entry-added', current ? { entry: current.what, rule: current.ruleText } : null, {
        entry: describeTarget(read.entry),
        rule: describeRule(read.entry.rule),
      });
    });
  }

  async removeEntry(staffId: number | null, priceListId: number, priceListEntryId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.nameOf(priceListId, tx, true);
      const entry = (await this.entriesOf(priceListId, tx)).find((e) => e.priceListEntryId === priceListEntryId);
      if (!entry) throw new NotFound(`The price list has no entry ${priceListEntryId}.`);
      await tx.execute(sql`DELETE FROM price_list_entries WHERE price_list_entry_id = ${priceListEntryId}`);
      await record(tx, priceListId, staffId, 'entry-removed', { entry: entry.what, rule: entry.ruleText }, null);
    });
  }

  /** Puts a customer (by e-mail, compared without case) on the list; already on it changes nothing. */
  async assign(staffId: number | null, priceListId: number, email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.nameOf(priceListId, tx, true);
      const [user] = await queryRows<Pick<Row<typeof users>, 'userId' | 'email'> & { closed: boolean }>(
        tx,
        sql`SELECT user_id AS "userId", closed_at IS NOT NULL AS closed, email FROM users WHERE lower(email) = lower(${email.trim()}) ORDER BY user_id LIMIT 1`,
      );
      if (!user) throw new NotFound(priceListMessages.noCustomer(email.trim()), { fields: [{ field: 'email', message: priceListMessages.noCustomer(email.trim()) }] });
      if (user.closed) throw new Invalid(priceListMessages.closedCustomer, { fields: [{ field: 'email', message: priceListMessages.closedCustomer }] });
      const inserted = await tx
        .insert(priceListCustomers)
        .values({ priceListId, userId: user.userId, assignedBy: staffId })
        .onConflictDoNothing()
        .returning({ userId: priceListCustomers.userId });
      if (inserted.length > 0) await record(tx, priceListId, staffId, 'customer-assigned', null, { customer: user.email });
    });
  }

  async unassign(staffId: number | null, priceListId: number, userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await queryRows<Pick<Row<typeof users>, 'email'>>(
        tx,
        sql`DELETE FROM price_list_customers c USING users u WHERE c.price_list_id = ${priceListId} AND c.user_id = ${userId} AND u.user_id = c.user_id RETURNING u.email`,
      );
      if (removed.length > 0) await record(tx, priceListId, staffId, 'customer-removed', null, { customer: removed[0]!.email });
    });
  }

  /** The list's entries as CSV (docs/price-lists.md). */
  async exportCsv(priceListId: number): Promise<{ filename: string; text: string }> {
    const name = await this.nameOf(priceListId, this.db);
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `list-${priceListId}`;
    return { filename: `price-list-${slug}.csv`, text: priceListCsv(await this.entriesOf(priceListId, this.db)) };
  }

  /** The dry run: nothing is written. */
  async dryRun(priceListId: number, bytes: Uint8Array): Promise<PriceListImportReport> {
    await this.nameOf(priceListId, this.db);
    const file = readPriceListFile(bytes, await catalogueIndex(this.db));
    return planPriceListImport(await this.entriesOf(priceListId, this.db), file);
  }

  /**
   * The file becomes the list's entries, in one transaction, all or nothing. A file with errors
   * is refused; with `expectedDigest` (the dry run's), a list or catalogue that changed since is refused.
   */
  async apply(staffId: number | null, priceListId: number, bytes: Uint8Array, expectedDigest?: string): Promise<PriceListImportReport> {
    return this.db.transaction(async (tx) => {
      await this.nameOf(priceListId, tx, true);
      const file = readPriceListFile(bytes, await catalogueIndex(tx));
      const report = planPriceListImport(await this.entriesOf(priceListId, tx), file);
      if (report.errors.length > 0) throw new Invalid(priceListCsvMessages.hasErrors, { report });
      if (expectedDigest !== undefined && expectedDigest !== report.digest) throw new Conflict(priceListCsvMessages.changedSinceDryRun);
      if (report.adds.length + report.changes.length + report.removals.length === 0) return report;
      await tx.execute(sql`DELETE FROM price_list_entries WHERE price_list_id = ${priceListId}`);
      await insertEntries(tx, priceListId, file.entries);
      await record(tx, priceListId, staffId, 'imported', null, { added: report.adds.length, changed: report.changes.length, removed: report.removals.length, unchanged: report.unchanged });
      return report;
    });
  }

  /** The list's name; NotFound when there is none. `lock`: the list row is locked for the transaction. */
  private async nameOf(priceListId: number, executor: Executor, lock = false): Promise<string> {
    const [row] = await queryRows<Pick<Row<typeof priceLists>, 'name'>>(executor, sql`SELECT name FROM price_lists WHERE price_list_id = ${priceListId} ${lock ? sql`FOR UPDATE` : sql``}`);
    if (!row) throw new NotFound(`There is no price list ${priceListId}.`);
    return row.name;
  }

  /** The entries, named as the CSV names them: sizes by product code and size1 (then pack), categories by path. */
  private async entriesOf(priceListId: number, executor: Executor): Promise<PriceListEntryRow[]> {
    const rows = (
      await queryRows<object>(
        executor,
        sql`SELECT ${ENTRY.list}, ${ENTRY_PRODUCT.list}, ${ENTRY_SIZE.list}
          FROM price_list_entries e
          LEFT JOIN product_sizes s ON s.product_size_id = e.product_size_id
          LEFT JOIN products p ON p.product_id = s.product_id
          WHERE e.price_list_id = ${priceListId}
          ORDER BY e.category_id IS NULL, lower(p.product_code), s.sort_order, s.product_size_id, e.pack_quantity NULLS FIRST, e.category_id`,
      )
    ).map((raw) => ({ ...ENTRY.read(raw), product: ENTRY_PRODUCT.read(raw), size1: ENTRY_SIZE.read(raw).size1 }));
    const paths = rows.some((r) => r.categoryId !== null) ? new Map(flattenCategories(await readCategoryTree(executor)).map((c) => [c.categoryId, c.path])) : new Map<number, string>();
    const entries = rows.map((r): PriceListEntryRow => {
      const named: NamedEntry = {
        target:
          r.productSizeId !== null
            ? { kind: 'size', productSizeId: r.productSizeId, packQuantity: r.packQuantity }
            : { kind: 'category', categoryId: Number(r.categoryId) },
        rule: r.fixedPricePence !== null ? { fixedPricePence: r.fixedPricePence, percentOff: null } : { fixedPricePence: null, percentOff: Number(r.percentOff) },
        productCode: r.product.productCode ?? '',
        size1: r.size1 ?? '',
        categoryPath: r.categoryId === null ? '' : (paths.get(r.categoryId) ?? ''),
      };
      return { ...named, priceListEntryId: r.priceListEntryId, productName: r.product.name ?? '', what: describeTarget(named), ruleText: describeRule(named.rule) };
    });
    // Categories by path, after the sizes (the order the export writes).
    return [...entries.filter((e) => e.target.kind === 'size'), ...entries.filter((e) => e.target.kind === 'category').sort((a, b) => a.categoryPath.localeCompare(b.categoryPath))];
  }
}

async function insertEntries(tx: Executor, priceListId: number, entries: readonly NamedEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map((entry) => {
    const size = entry.target.kind === 'size' ? entry.target : null;
    const categoryId = entry.target.kind === 'category' ? entry.target.categoryId : null;
    return sql`(${priceListId}, ${size?.productSizeId ?? null}::int, ${categoryId}::int, ${size?.packQuantity ?? null}::int, ${entry.rule.fixedPricePence}::int, ${entry.rule.percentOff}::int)`;
  });
  await tx.execute(
    sql`INSERT INTO price_list_entries (price_list_id, product_size_id, category_id, pack_quantity, fixed_price_pence, percent_off)
        VALUES ${sql.join(values, sql`, `)}`,
  );
}

async function record(tx: Executor, priceListId: number, staffId: number | null, kind: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Promise<void> {
  await tx.execute(
    sql`INSERT INTO price_list_events (price_list_id, staff_id, kind, before, after)
        VALUES (${priceListId}, ${staffId}, ${kind}, ${before === null ? null : JSON.stringify(before)}::jsonb, ${after === null ? null : JSON.stringify(after)}::jsonb)`,
  );
}

/** Sizes by product code and size1 with their pack quantities, and categories by path, as the import names them. */
async function catalogueIndex(db: Executor): Promise<CatalogueIndex> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${INDEXED_PRODUCT.list}, ${INDEXED_SIZE.list},
               (SELECT array_agg(pp.pack_range[1] ORDER BY pp.sort_order) FROM product_prices pp WHERE pp.product_size_id = s.product_size_id) AS "packRange"
        FROM product_sizes s JOIN products p ON p.product_id = s.product_id`,
  );
  const sizes: CatalogueIndex['sizes'] = new Map();
  for (const row of rows) {
    const { productCode } = INDEXED_PRODUCT.read(row);
    const { productSizeId, size1 } = INDEXED_SIZE.read(row);
    const key = productCode.toLowerCase();
    let product = sizes.get(key);
    if (!product) sizes.set(key, (product = { productCode, bySize: new Map() }));
    const quantities = INDEXED_PACKS.read(row).packRange ?? [];
    // Two sizes of one product written alike: the first (the import then prices that one).
    if (!product.bySize.has(size1.trim())) product.bySize.set(size1.trim(), { productSizeId, packQuantities: quantities });
  }
  const categories = new Map(flattenCategories(await readCategoryTree(db)).map((c) => [c.path, c.categoryId]));
  return { sizes, categories };
}
