/**
 * The demo catalogue of Boxwell Packaging (fictional): a believable UK packaging wholesaler's
 * range, seeded on first start. Deterministic: the same tree every time.
 * The tree itself is plain data in demo-catalogue-data.ts; this module holds its types and the
 * pricing helpers that turn each product's size entry into sizes and packs.
 * Prices are ex-VAT pence for ONE pack; bigger packs are cheaper per unit.
 */
import type { SeedCategory, SeedPack, SeedProduct, SeedSize } from './catalogue-seed.ts';
import { demoCatalogueData } from './demo-catalogue-data.ts';

// ---------------------------------------------------------------------------------------------
// Size and price helpers
// ---------------------------------------------------------------------------------------------

/** Per-unit price multiplier by pack tier (first pack full price, bigger packs cheaper). */
const TIER_FACTORS = [1, 0.92, 0.85, 0.79];

export function inchesToMm(inches: number): number {
  return Math.round(inches * 25.4);
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10);
}

/** Packs for a unit price: `qtys` ascending, one pack per quantity. */
export function packsFor(unitPence: number, qtys: number[]): SeedPack[] {
  return qtys.map((qty, i) => ({
    pricePence: Math.max(1, Math.round(unitPence * qty * (TIER_FACTORS[i] ?? 0.75))),
    packRange: [qty],
  }));
}

export type Dims3 = [number, number, number];
export type Dims2 = [number, number];

/** Pack quantities that suit a box of this surface area (sq in). */
function boxQtys(area: number): number[] {
  if (area < 700) return [25, 50, 100];
  if (area < 1800) return [10, 25, 50];
  if (area < 4000) return [5, 10, 20];
  return [1, 5, 10];
}

/** Boxes in inches: size1 `12x9x6"`, size2 `305x229x152mm`; unit price from board area. */
export function boxSizes(dims: Dims3[], ratePerSqIn: number, qtys?: number[]): SeedSize[] {
  return dims.map(([l, w, h]) => {
    const area = 2 * (l * w + l * h + w * h);
    const unit = Math.max(10, area * ratePerSqIn + 6);
    return {
      size1: `${fmt(l)}x${fmt(w)}x${fmt(h)}"`,
      size2: `${inchesToMm(l)}x${inchesToMm(w)}x${inchesToMm(h)}mm`,
      packs: packsFor(unit, qtys ?? boxQtys(area)),
    };
  });
}

/** Flat goods (bags, sheets) in inches: size1 `10x14"`, size2 `254x356mm`. */
export function flatSizes(dims: Dims2[], ratePerSqIn: number, base: number, qtys: number[]): SeedSize[] {
  return dims.map(([w, h]) => ({
    size1: `${fmt(w)}x${fmt(h)}"`,
    size2: `${inchesToMm(w)}x${inchesToMm(h)}mm`,
    packs: packsFor(w * h * ratePerSqIn + base, qtys),
  }));
}

/** Goods sold by a trade size (rolls, envelopes, cups): explicit size1/size2 and unit price. */
export function fixedSizes(rows: [size1: string, size2: string, unitPence: number][], qtys: number[]): SeedSize[] {
  return rows.map(([size1, size2, unit]) => ({ size1, size2, packs: packsFor(unit, qtys) }));
}

/** A roll sold by its metric trade size; size2 repeats it (it is already metric). */
function rolls(rows: [size: string, unitPence: number][], qtys: number[]): SeedSize[] {
  return fixedSizes(
    rows.map(([size, unit]) => [size, size, unit]),
    qtys,
  );
}

/** Board prices per square inch of a box (pence), by board grade. */
const BOARD_RATES = {
  'single-wall': 0.09,
  'double-wall': 0.16,
  'triple-wall': 0.22,
  'white-single-wall': 0.12,
  'white-double-wall': 0.2,
} as const;

export type BoardGrade = keyof typeof BOARD_RATES;

// ---------------------------------------------------------------------------------------------
// The shape of the data
// ---------------------------------------------------------------------------------------------

/**
 * A product's sizes as the data gives them: the inputs of one helper above. `packQtys` are the
 * pack quantities, ascending; boxes without them get quantities that suit their board area.
 */
export type SizesEntry =
  | { boxes: Dims3[]; board: BoardGrade; packQtys?: number[] }
  | { boxes: Dims3[]; ratePerSqIn: number; packQtys?: number[] }
  | { flat: Dims2[]; ratePerSqIn: number; basePence: number; packQtys: number[] }
  | { fixed: [size1: string, size2: string, unitPence: number][]; packQtys: number[] }
  | { rolls: [size: string, unitPence: number][]; packQtys: number[] };

export interface ProductEntry {
  key: string;
  name: string;
  /** Illustration name: /media/products/<image>.svg */
  image: string;
  isNew?: true;
  isFeatured?: true;
  /** Key of the product shown by 'View More Variations'. */
  linkProductKey?: string;
  description: string;
  sizes: SizesEntry;
}

export interface CategoryEntry {
  name: string;
  slug: string;
  /** Illustration name: /media/categories/<image>.svg */
  image: string;
  isNew?: true;
  description: string;
  children?: CategoryEntry[];
  products?: ProductEntry[];
}

function sizesOf(entry: SizesEntry): SeedSize[] {
  if ('boxes' in entry) return boxSizes(entry.boxes, 'board' in entry ? BOARD_RATES[entry.board] : entry.ratePerSqIn, entry.packQtys);
  if ('flat' in entry) return flatSizes(entry.flat, entry.ratePerSqIn, entry.basePence, entry.packQtys);
  if ('fixed' in entry) return fixedSizes(entry.fixed, entry.packQtys);
  return rolls(entry.rolls, entry.packQtys);
}

// Fresh objects on every call: callers (the large catalogue) change the tree they get.
function productOf(entry: ProductEntry): SeedProduct {
  const item: SeedProduct = {
    key: entry.key,
    name: entry.name,
    description: entry.description,
    imageUrl: `/media/products/${entry.image}.svg`,
    sizes: sizesOf(entry.sizes),
  };
  if (entry.isNew) item.isNew = true;
  if (entry.isFeatured) item.isFeatured = true;
  if (entry.linkProductKey) item.linkProductKey = entry.linkProductKey;
  return item;
}

function categoryOf(entry: CategoryEntry): SeedCategory {
  const node: SeedCategory = {
    name: entry.name,
    slug: entry.slug,
    description: entry.description,
    imageUrl: `/media/categories/${entry.image}.svg`,
  };
  if (entry.isNew) node.isNew = true;
  if (entry.children) node.children = entry.children.map(categoryOf);
  if (entry.products) node.products = entry.products.map(productOf);
  return node;
}

/** The whole demo catalogue tree, in menu order. */
export function demoCatalogue(): SeedCategory[] {
  return demoCatalogueData.map(categoryOf);
}
