/**
 * A large, deterministic catalogue for benchmarks: the demo category tree with its products,
 * plus generated products spread over the leaf categories until the total is exactly
 * `productCount`. Generated products vary their names, sizes, prices and descriptions
 * (built from word lists around each leaf's demo products), so search has realistic work.
 */
import type { SeedCategory, SeedPack, SeedProduct, SeedSize } from './catalogue-seed.ts';
import { boxSizes, demoCatalogue, flatSizes, packsFor } from './demo-catalogue.ts';

/** Small, fast, seedable PRNG (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GRADES = [
  'Heavy Duty',
  'Premium',
  'Economy',
  'Extra Strong',
  'Recycled',
  'Eco',
  'Trade',
  'Budget',
  'Professional',
  'Industrial',
  'Lightweight',
  'Reinforced',
  'Value',
  'Select',
  'Essential',
  'Superior',
  'Standard',
  'Everyday',
  'Bulk',
  'High Strength',
];

const RANGES = ['Boxwell', 'TradePak', 'ShipSafe', 'EcoPak', 'PackRight', 'SureSeal', 'ParcelPro', 'Northern', 'Aire Valley', 'Kirkstall'];

const USES = [
  'online retailers',
  'warehouses and distribution centres',
  'home movers',
  'small businesses',
  'busy e-commerce dispatch benches',
  'export shipments',
  'retail stockrooms',
  'office mailrooms',
  'food producers',
  'manufacturers',
  'market traders',
  'workshops and trade counters',
];

const MATERIALS = [
  'Made in the UK from recyclable materials.',
  'Manufactured to a consistent specification batch after batch.',
  'Produced from responsibly sourced materials.',
  'Made with a high recycled content.',
  'Built to our own specification and quality checked in Leeds.',
  'Made from food-safe, recyclable materials.',
];

const BENEFITS = [
  'Protects contents from knocks, dust and moisture in transit.',
  'Keeps packing quick and postage costs down.',
  'A reliable choice for high-volume packing lines.',
  'Stores flat and takes up little room in the packing area.',
  'Presents your products at their best on arrival.',
  'Tested for strength and consistency.',
  'Easy to handle, quick to assemble and simple to recycle.',
];

const SUPPLY = [
  'Available in trade packs with bulk discounts.',
  'Order by the pack: larger packs cost less per unit.',
  'Next working day dispatch on orders placed before 2pm.',
  'Stocked in our Leeds warehouse for fast delivery.',
];

// Standard trade widths (mm) and lengths (m) that generated rolls snap to.
const ROLL_WIDTHS = [12, 19, 24, 25, 36, 38, 48, 50, 72, 75, 100, 150, 200, 250, 300, 380, 400, 450, 500, 600, 750, 900, 1000, 1200, 1500];
const ROLL_LENGTHS = [10, 25, 33, 50, 66, 75, 100, 132, 150, 200, 225, 250, 300, 450, 750, 1000, 1500, 1700, 3000];

const BOX_RE = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)"$/;
const FLAT_RE = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)"$/;
const ROLL_RE = /^(\d+)mm x (\d+)m\b/;

interface Template {
  product: SeedProduct;
  baseName: string;
  style: 'box' | 'flat' | 'roll' | 'fixed';
  /** Price per board/film unit, derived from the template's first size. */
  rate: number;
  qtys: number[];
  /** The template's own dimensions (inches for boxes and flats, mm and m for rolls). */
  dims: number[][];
}

function unitPrice(pack: SeedPack): number {
  return pack.pricePence / (pack.packRange[0] ?? 1);
}

function makeTemplate(product: SeedProduct): Template {
  const first = product.sizes[0]!;
  const firstPack = first.packs[0]!;
  const unit = unitPrice(firstPack);
  const qtys = first.packs.map((p) => p.packRange[0]!);
  const baseName = product.name.replace(/\s+\d+(?:\.\d+)?x\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?$/, '');
  const dimsOf = (re: RegExp) =>
    product.sizes.flatMap((size) => {
      const m = re.exec(size.size1);
      return m ? [m.slice(1).map(Number)] : [];
    });
  let m = BOX_RE.exec(first.size1);
  if (m) {
    const [l, w, h] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const area = 2 * (l * w + l * h + w * h);
    return { product, baseName, style: 'box', rate: Math.max(0.03, (unit - 6) / area), qtys, dims: dimsOf(BOX_RE) };
  }
  m = FLAT_RE.exec(first.size1);
  if (m) {
    const area = Number(m[1]) * Number(m[2]);
    return { product, baseName, style: 'flat', rate: Math.max(0.002, unit / area), qtys, dims: dimsOf(FLAT_RE) };
  }
  m = ROLL_RE.exec(first.size1);
  if (m) {
    const area = Number(m[1]) * Number(m[2]);
    return { product, baseName, style: 'roll', rate: unit / area, qtys, dims: dimsOf(ROLL_RE) };
  }
  return { product, baseName, style: 'fixed', rate: 1, qtys, dims: [] };
}

function singular(name: string): string {
  if (/Boxes$/.test(name)) return name.replace(/Boxes$/, 'Box');
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function int(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function nearest(values: readonly number[], target: number): number {
  return values.reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best));
}

/** A template dimension set scaled as a whole (so cubes stay cubes and long boxes stay long), with a little jitter. */
function scaled(random: () => number, dims: number[], minimum: number): number[] {
  const scale = 0.6 + random() * 1.2;
  return dims.map((d) => Math.max(minimum, Math.round(d * scale * (0.9 + random() * 0.2))));
}

function generateSizes(random: () => number, t: Template): SeedSize[] {
  const count = int(random, 1, 4);
  const seen = new Set<string>();
  const sizes: SeedSize[] = [];
  for (let i = 0; i < count * 3 && sizes.length < count; i++) {
    let size: SeedSize;
    if (t.style === 'box') {
      const [l, w, h] = scaled(random, pick(random, t.dims), 1);
      size = boxSizes([[l!, w!, h!]], t.rate)[0]!;
    } else if (t.style === 'flat') {
      const [w, h] = scaled(random, pick(random, t.dims), 1);
      size = flatSizes([[w!, h!]], t.rate, 0.5, t.qtys)[0]!;
    } else if (t.style === 'roll') {
      const [tw, tl] = pick(random, t.dims);
      const w = nearest(ROLL_WIDTHS, tw! * pick(random, [0.5, 0.75, 1, 1, 1.5, 2]));
      const l = nearest(ROLL_LENGTHS, tl! * pick(random, [0.5, 1, 1, 1.5, 2, 3]));
      const label = `${w}mm x ${l}m`;
      size = { size1: label, size2: label, packs: packsFor(Math.max(20, t.rate * w * l), t.qtys) };
    } else {
      const source = pick(random, t.product.sizes);
      const factor = 0.8 + random() * 0.5;
      size = {
        size1: source.size1,
        size2: source.size2,
        packs: source.packs.map((p) => ({ pricePence: Math.max(1, Math.round(p.pricePence * factor)), packRange: [...p.packRange] })),
      };
    }
    if (seen.has(size.size1)) continue;
    seen.add(size.size1);
    sizes.push(size);
  }
  return sizes;
}

function generateProduct(random: () => number, t: Template, index: number): SeedProduct {
  const sizes = generateSizes(random, t);
  let grade = pick(random, GRADES);
  if (t.baseName.includes(grade)) grade = 'Trade';
  const range = random() < 0.3 ? `${pick(random, RANGES)} ` : '';
  const sizeInName = sizes.length === 1 && (t.style === 'box' || t.style === 'flat');
  const base = sizeInName ? singular(t.baseName) : t.baseName;
  const name = `${range}${grade} ${base}${sizeInName ? ` ${sizes[0]!.size1.replace('"', '')}` : ''}`;
  const description = [
    `${grade} ${t.baseName.toLowerCase()} for ${pick(random, USES)}.`,
    pick(random, MATERIALS),
    pick(random, BENEFITS),
    ...(random() < 0.6 ? [pick(random, SUPPLY)] : []),
  ].join(' ');
  const product: SeedProduct = { key: `gen-${index}`, name, description, imageUrl: t.product.imageUrl, sizes };
  if (random() < 0.03) product.isNew = true;
  // Every twentieth generated product offers 'View More Variations' back to its template.
  if (index % 20 === 0) product.linkProductKey = t.product.key;
  return product;
}

function leavesOf(tree: SeedCategory[]): SeedCategory[] {
  const out: SeedCategory[] = [];
  const walk = (node: SeedCategory) => {
    if (node.children?.length) node.children.forEach(walk);
    else out.push(node);
  };
  tree.forEach(walk);
  return out;
}

/** The demo tree plus generated products: exactly `productCount` products in all. */
export function largeCatalogue(productCount: number): SeedCategory[] {
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error('productCount must be a non-negative integer');
  const tree = demoCatalogue();
  const leaves = leavesOf(tree);
  const demoTotal = leaves.reduce((sum, leaf) => sum + (leaf.products?.length ?? 0), 0);

  if (productCount <= demoTotal) {
    // Keep the first products of each leaf in turn, then drop links to products left out.
    const keep = new Set<string>();
    for (let round = 0; keep.size < productCount; round++) {
      for (const leaf of leaves) {
        const item = leaf.products?.[round];
        if (item && keep.size < productCount) keep.add(item.key);
      }
    }
    for (const leaf of leaves) {
      leaf.products = (leaf.products ?? []).filter((p) => keep.has(p.key));
      for (const p of leaf.products) if (p.linkProductKey && !keep.has(p.linkProductKey)) delete p.linkProductKey;
    }
    return tree;
  }

  const random = createRandom(0x5eed_b0c5);
  const extra = productCount - demoTotal;
  const perLeaf = Math.floor(extra / leaves.length);
  const remainder = extra % leaves.length;
  let index = 0;
  leaves.forEach((leaf, i) => {
    const templates = (leaf.products ?? []).map(makeTemplate);
    const wanted = perLeaf + (i < remainder ? 1 : 0);
    const generated: SeedProduct[] = [];
    for (let j = 0; j < wanted; j++) generated.push(generateProduct(random, templates[j % templates.length]!, index++));
    leaf.products = [...(leaf.products ?? []), ...generated];
  });
  return tree;
}
