/**
 * Staff and stock (docs/stock.md): the product page's stock section (thresholds, backorders and
 * the expected date: 'catalogue:edit'), goods-in and stock counts (the only ways on hand changes
 * besides orders, returns and the CSV's count: 'stock:receive', which the warehouse has), the
 * "Low stock" list and the dashboard's figure. Every change is a stock movement naming the staff
 * member and why, in the change's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { columnsOf, productSizes, productStockSettings, products, queryRows, stockDeliveries, stockLevels, stockMovements, type Database, type Executor, type Row, type staff as staffTable } from '@shop/db';
import { Forbidden, Invalid, NotFound } from '../errors.ts';
import { can, type StaffMember, type StaffPermission } from '../staff/staff-roles.ts';
import { londonWallClock } from '../delivery/dispatch-promise.ts';
import { applyMovement } from './stock-movements.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { dayAndMonth, isLowOrOut, stockStatus, type StockStatus } from './stock-levels.ts';

export const stockAdminMessages = {
  supplierReference: "Enter the supplier's delivery reference (1-100 characters), as on their delivery note.",
  noLines: 'Add at least one line: the size and the units received.',
  size: 'Choose a size from the list (product code, name and size).',
  units: 'Enter the units received: a whole number from 1 to 1,000,000.',
  counted: 'Enter the units counted: a whole number from 0 to 10,000,000.',
  reason: 'Give the reason for the count (1-200 characters), for example "Monthly count" or "Damaged in the warehouse".',
  threshold: 'Enter the low-stock threshold in units: a whole number from 0 to 10,000,000 (0: only out of stock is flagged).',
  location: 'Enter the bin or shelf in at most 30 characters, e.g. B12-3 (leave it empty if there is none).',
  expectedDate: 'Enter the expected date as a date (day, month and year), or leave it empty.',
  note: 'The note is at most 500 characters.',
} as const;

const MAX_UNITS_RECEIVED = 1_000_000;
const MAX_UNITS = 10_000_000;
const MAX_LOCATION_LENGTH = 30;

/** One size of a product with its stock, as the product page's stock section shows it. */
export interface SizeStockRow {
  productSizeId: number;
  size1: string;
  size2: string;
  /** The smallest pack's units (labels are in packs of it). */
  packUnits: number;
  tracked: boolean;
  onHand: number;
  allocated: number;
  available: number;
  lowThreshold: number;
  /** Bin or shelf the warehouse keeps the size on ('' when not set): printed on picking lists. */
  location: string;
  status: StockStatus;
}

export interface ProductStock {
  productId: number;
  backordersAllowed: boolean;
  expectedDate: string | null;
  sizes: SizeStockRow[];
}

export interface MovementRow {
  at: Date;
  kind: Row<typeof stockMovements>['kind'];
  onHandChange: number;
  allocatedChange: number;
  reason: string;
  staffName: string | null;
  orderId: number | null;
  supplierReference: string | null;
}

export interface LowStockRow {
  productId: number;
  productCode: string;
  productName: string;
  productSizeId: number;
  size1: string;
  onHand: number;
  allocated: number;
  available: number;
  lowThreshold: number;
  out: boolean;
  backordersAllowed: boolean;
  expectedDate: string | null;
}

export interface SizeChoice {
  productSizeId: number;
  /** "P000123 Single Wall Box 12x9x6"": what staff pick in a goods-in line. */
  label: string;
}

const SIZE = columnsOf(productSizes, ['productSizeId', 'size1', 'size2', 'location'], 'z');
const LEVEL = columnsOf(stockLevels, ['onHand', 'allocated', 'lowThreshold'], 's');
const LEVEL_IF_TRACKED = columnsOf(stockLevels, ['onHand', 'allocated', 'lowThreshold'], 's', { leftJoined: true });
const PRODUCT = columnsOf(products, ['productId', 'productCode', 'name'], 'p');
const SETTINGS = columnsOf(productStockSettings, ['backordersAllowed'], 'st', { leftJoined: true });
const MOVEMENT = columnsOf(stockMovements, ['createdAt', 'kind', 'onHandChange', 'allocatedChange', 'reason', 'orderId'], 'm');
const DELIVERY = columnsOf(stockDeliveries, ['stockDeliveryId', 'supplierReference', 'receivedAt'], 'd');
const DELIVERED_REFERENCE = columnsOf(stockDeliveries, ['supplierReference'], 'd', { leftJoined: true });
/** The expected date as the text the schema's date column holds (to_char: a driver may parse a date otherwise). */
const EXPECTED_DATE = sql.raw(`to_char(st.expected_date, 'YYYY-MM-DD') AS "expectedDate"`);
/** The size's smallest pack in units: computed, so typed here. */
type SmallestPack = { pack: number | null };
/** A staff member's name, null when no staff member (LEFT JOIN): the column aliased by the statement. */
type StaffName = { staffName: Row<typeof staffTable>['name'] | null };

export class StockAdministration {
  constructor(
    private readonly db: Database,
    /** `jobs`: woken after stock came in, so the back-in-stock e-mails it recorded go at once. */
    private readonly options: { now?: () => Date; jobs?: Pick<JobQueue, 'wakeWorkers'> } = {},
  ) {}

  private today(): string {
    return londonWallClock((this.options.now ?? (() => new Date()))()).date;
  }

  /** The product's sizes with their stock and its backorder settings. */
  async productStock(staff: StaffMember, productId: number): Promise<ProductStock> {
    permit(staff, 'catalogue:edit');
    return this.readProductStock(this.db, productId);
  }

  private async readProductStock(executor: Executor, productId: number): Promise<ProductStock> {
    const [settings] = await queryRows<Pick<Row<typeof productStockSettings>, 'backordersAllowed' | 'expectedDate'>>(
      executor,
      sql`SELECT st.backorders_allowed AS "backordersAllowed", ${EXPECTED_DATE} FROM product_stock_settings st WHERE st.product_id = ${productId}`,
    );
    const backordersAllowed = settings?.backordersAllowed ?? false;
    const expectedDate = settings?.expectedDate ?? null;
    const rows = await queryRows<SmallestPack>(
      executor,
      sql`SELECT ${SIZE.list},
                 (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id) AS pack,
                 ${LEVEL_IF_TRACKED.list}
          FROM product_sizes z LEFT JOIN stock_levels s ON s.product_size_id = z.product_size_id
          WHERE z.product_id = ${productId}
          ORDER BY z.sort_order, z.product_size_id
          ${sql.raw(executor === this.db ? '' : 'FOR UPDATE OF z')}`,
    );
    const today = this.today();
    return {
      productId,
      backordersAllowed,
      expectedDate,
      sizes: rows.map((raw) => {
        const size = SIZE.read(raw);
        const stock = LEVEL_IF_TRACKED.read(raw);
        const tracked = stock.onHand !== null;
        const level = { onHand: stock.onHand ?? 0, allocated: stock.allocated ?? 0, lowThreshold: stock.lowThreshold ?? 0 };
        const packUnits = Number(raw.pack ?? 1);
        return {
          productSizeId: size.productSizeId,
          size1: size.size1,
          size2: size.size2,
          packUnits,
          tracked,
          ...level,
          available: level.onHand - level.allocated,
          location: size.location ?? '',
          status: stockStatus(tracked ? level : null, { backordersAllowed, expectedDate }, packUnits, today),
        };
      }),
    };
  }

  /** Thresholds of the product's tracked sizes and its backorder settings; each change audited. */
  async saveSettings(
    staff: StaffMember,
    productId: number,
    input: {
      backordersAllowed: boolean;
      expectedDate: string | null;
      thresholds: readonly { productSizeId: number; lowThreshold: number }[];
      /** Bin or shelf per size; a size left out keeps its location. */
      locations?: readonly { productSizeId: number; location: string }[];
    },
  ): Promise<void> {
    permit(staff, 'catalogue:edit');
    const expectedDate = input.expectedDate?.trim() || null;
    if (expectedDate !== null && !isIsoDate(expectedDate)) throw invalidField('expectedDate', stockAdminMessages.expectedDate);
    for (const { productSizeId, lowThreshold } of input.thresholds) {
      if (!isWhole(lowThreshold, 0, MAX_UNITS)) throw invalidField(`threshold.s${productSizeId}`, stockAdminMessages.threshold);
    }
    const locations = new Map((input.locations ?? []).map(({ productSizeId, location }) => [productSizeId, location.trim()]));
    for (const [productSizeId, location] of locations) {
      if (location.length > MAX_LOCATION_LENGTH) throw invalidField(`location.s${productSizeId}`, stockAdminMessages.location);
    }
    await this.db.transaction(async (tx) => {
      const stock = await this.readProductStock(tx, productId);
      if (stock.sizes.length === 0) await this.requireProduct(tx, productId);
      const settingsChanged = stock.backordersAllowed !== input.backordersAllowed || stock.expectedDate !== expectedDate;
      if (settingsChanged) {
        await tx.execute(
          sql`INSERT INTO product_stock_settings (product_id, backorders_allowed, expected_date) VALUES (${productId}, ${input.backordersAllowed}, ${expectedDate}::date)
              ON CONFLICT (product_id) DO UPDATE SET backorders_allowed = excluded.backorders_allowed, expected_date = excluded.expected_date`,
        );
      }
      const settingsText = `Backorders ${input.backordersAllowed ? 'allowed' : 'not allowed'}, expected ${expectedDate ? dayAndMonth(expectedDate) + ' ' + expectedDate.slice(0, 4) : 'date not set'}`;
      for (const size of stock.sizes) {
        const location = locations.get(size.productSizeId);
        const locationChanged = location !== undefined && location !== size.location;
        if (locationChanged) {
          await tx.execute(sql`UPDATE product_sizes SET location = ${location || null} WHERE product_size_id = ${size.productSizeId}`);
        }
        if (!size.tracked) continue;
        const wanted = input.thresholds.find((t) => t.productSizeId === size.productSizeId)?.lowThreshold ?? size.lowThreshold;
        const reasons: string[] = [];
        if (wanted !== size.lowThreshold) {
          await tx.execute(sql`UPDATE stock_levels SET low_threshold = ${wanted} WHERE product_size_id = ${size.productSizeId}`);
          reasons.push(`Low-stock threshold ${size.lowThreshold} → ${wanted} units`);
        }
        if (locationChanged) reasons.push(`Shelf ${size.location || 'not set'} → ${location || 'not set'}`);
        if (settingsChanged) reasons.push(settingsText);
        if (reasons.length > 0) {
          await applyMovement(tx, { productSizeId: size.productSizeId, kind: 'settings', onHandChange: 0, allocatedChange: 0, staffId: staff.staffId, reason: reasons.join('; ') });
        }
      }
    });
  }

  /** A delivery from a supplier: its lines' units go on hand (a size not tracked yet starts being tracked). Answers the delivery's id. */
  async receiveGoods(staff: StaffMember, input: { supplierReference: string; note: string; lines: readonly { productSizeId: number; units: number }[] }): Promise<number> {
    permit(staff, 'stock:receive');
    const supplierReference = input.supplierReference.trim();
    if (supplierReference.length < 1 || supplierReference.length > 100) throw invalidField('supplierReference', stockAdminMessages.supplierReference);
    const note = input.note.trim();
    if (note.length > 500) throw invalidField('note', stockAdminMessages.note);
    if (input.lines.length === 0) throw new Invalid(stockAdminMessages.noLines, { fields: [{ field: 'lines', message: stockAdminMessages.noLines }] });
    input.lines.forEach((line, i) => {
      if (!isWhole(line.units, 1, MAX_UNITS_RECEIVED)) throw invalidField(`lines.${i}.units`, stockAdminMessages.units);
    });
    const received = await this.db.transaction(async (tx) => {
      const [delivery] = await tx
        .insert(stockDeliveries)
        .values({ supplierReference, note, staffId: staff.staffId })
        .returning({ stockDeliveryId: stockDeliveries.stockDeliveryId });
      const deliveryId = delivery!.stockDeliveryId;
      for (const [i, line] of input.lines.entries()) {
        if (!(await startTracking(tx, line.productSizeId))) throw invalidField(`lines.${i}.size`, stockAdminMessages.size);
        await applyMovement(tx, {
          productSizeId: line.productSizeId,
          kind: 'goods_in',
          onHandChange: line.units,
          allocatedChange: 0,
          stockDeliveryId: deliveryId,
          staffId: staff.staffId,
          reason: `Goods in: ${supplierReference}${note ? ` (${note})` : ''}`,
        });
      }
      return deliveryId;
    });
    this.options.jobs?.wakeWorkers();
    return received;
  }

  /** A stock count: on hand becomes the counted units, the difference recorded with the reason. */
  async count(staff: StaffMember, input: { productSizeId: number; counted: number; reason: string }): Promise<void> {
    permit(staff, 'stock:receive');
    const reason = checkCount(input.counted, input.reason);
    await this.db.transaction(async (tx) => {
      if (!(await recordCount(tx, staff.staffId, input.productSizeId, input.counted, reason))) throw new NotFound('There is no such size.');
    });
    this.options.jobs?.wakeWorkers();
  }

  /** Tracked sizes that are low (below their threshold) or out, out first, then by product. */
  async lowStock(staff: StaffMember): Promise<LowStockRow[]> {
    permit(staff, 'stock:receive');
    return this.lowRows();
  }

  /** The dashboard's figure: tracked sizes on sale that are low, and those out (as the list counts them). */
  async lowStockFigures(): Promise<{ low: number; out: number }> {
    const rows = await this.lowRows();
    const out = rows.filter((row) => row.out).length;
    return { low: rows.length - out, out };
  }

  private async lowRows(): Promise<LowStockRow[]> {
    const rows = await queryRows<SmallestPack & Pick<Row<typeof productStockSettings>, 'expectedDate'>>(
      this.db,
      sql`SELECT ${PRODUCT.list}, ${SIZE.list}, ${LEVEL.list},
                 (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id) AS pack,
                 ${SETTINGS.list}, ${EXPECTED_DATE}
          FROM stock_levels s
          JOIN product_sizes z ON z.product_size_id = s.product_size_id
          JOIN products p ON p.product_id = z.product_id
          LEFT JOIN product_stock_settings st ON st.product_id = p.product_id
          WHERE p.is_active AND (s.on_hand - s.allocated < s.low_threshold OR s.on_hand - s.allocated <= 0
                 OR s.on_hand - s.allocated < (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id))
          ORDER BY (s.on_hand - s.allocated) < coalesce((SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id), 1) DESC, p.name, z.sort_order, z.product_size_id`,
    );
    return rows
      .map((raw) => {
        const product = PRODUCT.read(raw);
        const size = SIZE.read(raw);
        const level = LEVEL.read(raw);
        const pack = Number(raw.pack ?? 1);
        return {
          productId: product.productId,
          productCode: product.productCode,
          productName: product.name,
          productSizeId: size.productSizeId,
          size1: size.size1,
          ...level,
          available: level.onHand - level.allocated,
          out: level.onHand - level.allocated < pack,
          backordersAllowed: SETTINGS.read(raw).backordersAllowed ?? false,
          expectedDate: raw.expectedDate,
          pack,
        };
      })
      .filter((row) => isLowOrOut(row, row.pack))
      .map(({ pack: _pack, ...row }) => row);
  }

  /** Every size of the products on sale, for goods-in lines. */
  async sizeChoices(staff: StaffMember): Promise<SizeChoice[]> {
    permit(staff, 'stock:receive');
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${SIZE.list}, ${PRODUCT.list} FROM product_sizes z JOIN products p ON p.product_id = z.product_id
          ORDER BY p.product_code, z.sort_order, z.product_size_id`,
    );
    return rows.map((raw) => {
      const { productSizeId, size1 } = SIZE.read(raw);
      const { productCode, name } = PRODUCT.read(raw);
      return { productSizeId, label: sizeLabel(productCode, name, size1) };
    });
  }

  /** One size: its product, stock and its movements, newest first (the audit staff read before counting). */
  async sizeStock(
    staff: StaffMember,
    productSizeId: number,
  ): Promise<{ productId: number; label: string; tracked: boolean; onHand: number; allocated: number; lowThreshold: number; movements: MovementRow[] }> {
    permit(staff, 'stock:receive');
    const [raw] = await queryRows<object>(
      this.db,
      sql`SELECT ${PRODUCT.list}, ${SIZE.list}, ${LEVEL_IF_TRACKED.list}
          FROM product_sizes z JOIN products p ON p.product_id = z.product_id LEFT JOIN stock_levels s ON s.product_size_id = z.product_size_id
          WHERE z.product_size_id = ${productSizeId}`,
    );
    if (!raw) throw new NotFound('There is no such size.');
    const product = PRODUCT.read(raw);
    const level = LEVEL_IF_TRACKED.read(raw);
    const movements = await queryRows<StaffName>(
      this.db,
      sql`SELECT ${MOVEMENT.list}, st.name AS "staffName", ${DELIVERED_REFERENCE.list}
          FROM stock_movements m LEFT JOIN staff st ON st.staff_id = m.staff_id LEFT JOIN stock_deliveries d ON d.stock_delivery_id = m.stock_delivery_id
          WHERE m.product_size_id = ${productSizeId}
          ORDER BY m.stock_movement_id DESC LIMIT 50`,
    );
    return {
      productId: product.productId,
      label: sizeLabel(product.productCode, product.name, SIZE.read(raw).size1),
      tracked: level.onHand !== null,
      onHand: level.onHand ?? 0,
      allocated: level.allocated ?? 0,
      lowThreshold: level.lowThreshold ?? 0,
      movements: movements.map((m) => {
        const { createdAt, ...movement } = MOVEMENT.read(m);
        return { at: createdAt, ...movement, staffName: m.staffName, supplierReference: DELIVERED_REFERENCE.read(m).supplierReference };
      }),
    };
  }

  /** The latest deliveries received, newest first. */
  async recentDeliveries(staff: StaffMember): Promise<{ deliveryId: number; supplierReference: string; receivedAt: Date; staffName: string | null; lines: number; units: number }[]> {
    permit(staff, 'stock:receive');
    // lines and units: computed (a count and a sum of the delivery's movements).
    const rows = await queryRows<StaffName & { lines: number; units: number }>(
      this.db,
      sql`SELECT ${DELIVERY.list}, st.name AS "staffName",
                 count(m.*)::int AS lines, coalesce(sum(m.on_hand_change), 0)::int AS units
          FROM stock_deliveries d LEFT JOIN staff st ON st.staff_id = d.staff_id LEFT JOIN stock_movements m ON m.stock_delivery_id = d.stock_delivery_id
          GROUP BY d.stock_delivery_id, st.name ORDER BY d.stock_delivery_id DESC LIMIT 20`,
    );
    return rows.map((r) => {
      const { stockDeliveryId, supplierReference, receivedAt } = DELIVERY.read(r);
      return { deliveryId: stockDeliveryId, supplierReference, receivedAt, staffName: r.staffName, lines: Number(r.lines), units: Number(r.units) };
    });
  }

  private async requireProduct(tx: Executor, productId: number): Promise<void> {
    const [row] = await tx.select({ productId: products.productId }).from(products).where(eq(products.productId, productId));
    if (!row) throw new NotFound('There is no such product.');
  }
}

export function sizeLabel(productCode: string, name: string, size1: string): string {
  return `${productCode} ${name} — ${size1}`;
}

/** The reason of a count, checked with its figure (the CSV import's count too). */
export function checkCount(counted: number, reasonText: string): string {
  if (!isWhole(counted, 0, MAX_UNITS)) throw invalidField('counted', stockAdminMessages.counted);
  const reason = reasonText.trim();
  if (reason.length < 1 || reason.length > 200) throw invalidField('reason', stockAdminMessages.reason);
  return reason;
}

/** A size's stock row, made (nothing on hand) when it had none. False when there is no such size. */
export async function startTracking(tx: Executor, productSizeId: number): Promise<boolean> {
  const rows = await queryRows<Pick<Row<typeof stockLevels>, 'productSizeId'>>(
    tx,
    sql`INSERT INTO stock_levels (product_size_id) SELECT product_size_id FROM product_sizes WHERE product_size_id = ${productSizeId}
        ON CONFLICT (product_size_id) DO UPDATE SET on_hand = stock_levels.on_hand RETURNING product_size_id AS "productSizeId"`,
  );
  return rows.length > 0;
}

/**
 * On hand set to a counted figure (tracking the size from now if it was not): the movement holds
 * the difference and the reason, even when the count agreed. False when there is no such size.
 */
export async function recordCount(tx: Executor, staffId: number | null, productSizeId: number, counted: number, reason: string): Promise<boolean> {
  if (!(await startTracking(tx, productSizeId))) return false;
  const [level] = await tx.select({ onHand: stockLevels.onHand }).from(stockLevels).where(eq(stockLevels.productSizeId, productSizeId)).for('update');
  const before = level!.onHand;
  await applyMovement(tx, {
    productSizeId,
    kind: 'count',
    onHandChange: counted - before,
    allocatedChange: 0,
    staffId,
    reason: `Counted ${counted} (was ${before}): ${reason}`,
  });
  return true;
}

function permit(staff: StaffMember, permission: StaffPermission): void {
  if (!can(staff.role, permission)) throw new Forbidden();
}

function isWhole(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function invalidField(field: string, message: string): Invalid {
  return new Invalid(message, { fields: [{ field, message }] });
}

/** A tracked size's low-stock threshold, audited with `why` (the CSV import). */
export async function setLowThreshold(tx: Executor, staffId: number | null, productSizeId: number, lowThreshold: number, why: string): Promise<void> {
  const [before] = await tx.select({ lowThreshold: stockLevels.lowThreshold }).from(stockLevels).where(eq(stockLevels.productSizeId, productSizeId)).for('update');
  if (!before || before.lowThreshold === lowThreshold) return;
  await tx.execute(sql`UPDATE stock_levels SET low_threshold = ${lowThreshold} WHERE product_size_id = ${productSizeId}`);
  await applyMovement(tx, { productSizeId, kind: 'settings', onHandChange: 0, allocatedChange: 0, staffId, reason: `Low-stock threshold ${before.lowThreshold} → ${lowThreshold} units: ${why}` });
}

/** A product's backorder settings, audited on each of its tracked sizes with `why` (the CSV import). */
export async function setBackorderSettings(tx: Executor, staffId: number | null, productId: number, backordersAllowed: boolean, expectedDate: string | null, why: string): Promise<void> {
  await tx.execute(
    sql`INSERT INTO product_stock_settings (product_id, backorders_allowed, expected_date) VALUES (${productId}, ${backordersAllowed}, ${expectedDate}::date)
        ON CONFLICT (product_id) DO UPDATE SET backorders_allowed = excluded.backorders_allowed, expected_date = excluded.expected_date`,
  );
  const sizes = await queryRows<Pick<Row<typeof stockLevels>, 'productSizeId'>>(
    tx,
    sql`SELECT s.product_size_id AS "productSizeId" FROM stock_levels s JOIN product_sizes z ON z.product_size_id = s.product_size_id WHERE z.product_id = ${productId}`,
  );
  const text = `Backorders ${backordersAllowed ? 'allowed' : 'not allowed'}, expected ${expectedDate ? `${dayAndMonth(expectedDate)} ${expectedDate.slice(0, 4)}` : 'date not set'}: ${why}`;
  for (const size of sizes) {
    await applyMovement(tx, { productSizeId: size.productSizeId, kind: 'settings', onHandChange: 0, allocatedChange: 0, staffId, reason: text });
  }
}
