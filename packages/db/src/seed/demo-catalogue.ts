/**
 * The demo catalogue of Boxwell Packaging (fictional): a believable UK packaging wholesaler's
 * range, seeded on first start. Deterministic: the same tree every time.
 * Prices are ex-VAT pence for ONE pack; bigger packs are cheaper per unit.
 */
import type { SeedCategory, SeedPack, SeedProduct, SeedSize } from './catalogue-seed.ts';

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

type Dims3 = [number, number, number];
type Dims2 = [number, number];

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

// Board prices per square inch of a box (pence).
const SINGLE_WALL = 0.09;
const DOUBLE_WALL = 0.16;
const TRIPLE_WALL = 0.22;
const WHITE_SINGLE = 0.12;
const WHITE_DOUBLE = 0.2;

// ---------------------------------------------------------------------------------------------
// Tree helpers
// ---------------------------------------------------------------------------------------------

interface ProductOptions {
  isNew?: boolean;
  isFeatured?: boolean;
  link?: string;
}

function product(
  key: string,
  name: string,
  illustration: string,
  description: string,
  sizes: SeedSize[],
  options: ProductOptions = {},
): SeedProduct {
  const item: SeedProduct = { key, name, description, imageUrl: `/media/products/${illustration}.svg`, sizes };
  if (options.isNew) item.isNew = true;
  if (options.isFeatured) item.isFeatured = true;
  if (options.link) item.linkProductKey = options.link;
  return item;
}

function category(
  name: string,
  slug: string,
  illustration: string,
  description: string,
  content: { children?: SeedCategory[]; products?: SeedProduct[]; isNew?: boolean },
): SeedCategory {
  const node: SeedCategory = { name, slug, description, imageUrl: `/media/categories/${illustration}.svg` };
  if (content.isNew) node.isNew = true;
  if (content.children) node.children = content.children;
  if (content.products) node.products = content.products;
  return node;
}

// ---------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------

function cardboardBoxes(): SeedCategory {
  return category(
    'Cardboard Boxes',
    'cardboard-boxes',
    'box-kraft',
    'Strong corrugated cardboard boxes in single, double and triple wall board, from small postal cartons to pallet-sized boxes. Every box is made in the UK and delivered flat-packed.',
    {
      children: [
        category(
          'Single Wall Boxes',
          'single-wall-boxes',
          'box-kraft',
          'Lightweight, economical single wall boxes for everyday shipping, storage and retail use.',
          {
            children: [
              category(
                'Small Single Wall Boxes',
                'small-single-wall-boxes',
                'box-kraft',
                'Compact single wall boxes for small parcels, spare parts and e-commerce orders.',
                {
                  products: [
                    product(
                      'sw-small-standard',
                      'Single Wall Cardboard Boxes',
                      'box-kraft',
                      'Our best-selling everyday boxes, made from 3mm B-flute kraft board with a strong glued joint. Ideal for light to medium weight items sent by post or courier. Supplied flat-packed to save space in your packing area.',
                      boxSizes([[6, 4, 4], [8, 6, 4], [9, 6, 6], [10, 8, 6], [12, 9, 6]], SINGLE_WALL),
                      { isFeatured: true },
                    ),
                    product(
                      'sw-cube',
                      'Single Wall Cube Boxes',
                      'box-kraft',
                      'Equal-sided cube boxes that suit candles, mugs, plants and gift items. Made from recyclable B-flute board and easy to assemble with a strip of tape top and bottom.',
                      boxSizes([[4, 4, 4], [6, 6, 6], [8, 8, 8], [10, 10, 10]], SINGLE_WALL),
                    ),
                    product(
                      'sw-shallow',
                      'Shallow Single Wall Boxes',
                      'box-kraft',
                      'Low-depth boxes for books, clothing, prints and flat items that would rattle around in a standard carton. Less void fill, lower postage and a neater parcel.',
                      boxSizes([[9, 6, 2], [10, 8, 3], [12, 9, 3], [12, 10, 4]], SINGLE_WALL),
                    ),
                    product(
                      'sw-box-12x9x6',
                      'Single Wall Box 12x9x6',
                      'box-kraft',
                      'The classic 12 x 9 x 6 inch single wall carton, a favourite of online sellers for shoes, clothing and homeware. Fits most courier small-parcel bands. Bulk packs bring the unit price right down.',
                      boxSizes([[12, 9, 6]], SINGLE_WALL, [10, 25, 50, 100]),
                      { link: 'dw-box-12x9x6' },
                    ),
                  ],
                },
              ),
              category(
                'Medium Single Wall Boxes',
                'medium-single-wall-boxes',
                'box-kraft',
                'Mid-size single wall cartons for shipping clothing, toys and household goods.',
                {
                  products: [
                    product(
                      'sw-medium',
                      'Medium Single Wall Boxes',
                      'box-kraft',
                      'Versatile mid-size cartons made from 3mm kraft board, ideal for mixed orders and general dispatch. Strong enough for everyday courier use yet light to keep carriage costs down.',
                      boxSizes([[14, 10, 8], [15, 11, 9], [16, 12, 8], [16, 12, 10]], SINGLE_WALL),
                    ),
                    product(
                      'sw-long',
                      'Long Single Wall Boxes',
                      'box-long',
                      'Long, narrow boxes for posters, rods, tools and lengths of trim. The slim profile keeps awkward items snug and reduces the need for extra protection.',
                      boxSizes([[18, 6, 6], [24, 6, 6], [24, 8, 8], [30, 6, 6]], SINGLE_WALL),
                    ),
                    product(
                      'sw-shipping-carton',
                      'Single Wall Shipping Cartons',
                      'box-kraft',
                      'Square shipping cartons with full-overlap strength at the corners. A reliable choice for bulk stock transfers between stores and warehouses.',
                      boxSizes([[12, 12, 12], [14, 14, 14], [16, 16, 16]], SINGLE_WALL),
                    ),
                    product(
                      'sw-box-16x12x10',
                      'Single Wall Box 16x12x10',
                      'box-kraft',
                      'A popular all-rounder at 16 x 12 x 10 inches, made from 3mm B-flute board. Suits bedding, clothing and lighter household items for courier delivery.',
                      boxSizes([[16, 12, 10]], SINGLE_WALL, [10, 25, 50]),
                      { link: 'dw-box-16x12x10' },
                    ),
                  ],
                },
              ),
              category(
                'Large Single Wall Boxes',
                'large-single-wall-boxes',
                'box-kraft',
                'Big, light single wall boxes for bulky but lightweight goods.',
                {
                  products: [
                    product(
                      'sw-large',
                      'Large Single Wall Boxes',
                      'box-kraft',
                      'Roomy cartons for bulky, lightweight goods such as duvets, cushions and soft toys. Made from recyclable kraft board and delivered flat in bundles.',
                      boxSizes([[18, 12, 12], [18, 18, 18], [20, 14, 14], [24, 18, 18]], SINGLE_WALL),
                    ),
                    product(
                      'sw-box-24x18x18',
                      'Single Wall Box 24x18x18',
                      'box-kraft',
                      'A generous 24 x 18 x 18 inch single wall box for light, bulky items. A cost-effective option for storage and house moves where weight is modest.',
                      boxSizes([[24, 18, 18]], SINGLE_WALL, [5, 10, 20]),
                      { link: 'dw-box-24x18x18' },
                    ),
                    product(
                      'sw-tall',
                      'Tall Single Wall Boxes',
                      'box-long',
                      'Tall upright cartons for lamps, vases, umbrellas and floor-standing displays. Stands steady on its base while you pack.',
                      boxSizes([[12, 12, 24], [14, 14, 30], [16, 16, 36]], SINGLE_WALL),
                    ),
                  ],
                },
              ),
            ],
          },
        ),
        category(
          'Double Wall Boxes',
          'double-wall-boxes',
          'box-double-wall',
          'Heavy duty double wall cartons for heavier goods, export and stacking in storage.',
          {
            children: [
              category(
                'Small Double Wall Boxes',
                'small-double-wall-boxes',
                'box-double-wall',
                'Small boxes with twice the board for fragile or heavy little items.',
                {
                  products: [
                    product(
                      'dw-small',
                      'Double Wall Cardboard Boxes',
                      'box-double-wall',
                      'Made from 6mm BC-flute double wall board for extra crush and puncture resistance. The go-to box for ceramics, glassware and heavier parcels. Stacks well in storage without bowing.',
                      boxSizes([[8, 6, 6], [10, 8, 6], [12, 9, 6], [12, 10, 8]], DOUBLE_WALL),
                    ),
                    product(
                      'dw-box-12x9x6',
                      'Double Wall Box 12x9x6',
                      'box-double-wall',
                      'Our 12 x 9 x 6 inch carton in tough double wall board. Choose it over the single wall version when contents are heavy, fragile or travelling overseas.',
                      boxSizes([[12, 9, 6]], DOUBLE_WALL, [10, 25, 50, 100]),
                      { link: 'sw-box-12x9x6' },
                    ),
                    product(
                      'dw-cube-small',
                      'Double Wall Cube Boxes',
                      'box-double-wall',
                      'Strong cube-shaped boxes in double wall board, well suited to bottles, jars and dense products. Excellent stacking strength on shelves and pallets.',
                      boxSizes([[6, 6, 6], [8, 8, 8], [10, 10, 10], [12, 12, 12]], DOUBLE_WALL),
                    ),
                  ],
                },
              ),
              category(
                'Medium Double Wall Boxes',
                'medium-double-wall-boxes',
                'box-double-wall',
                'Mid-size heavy duty cartons for stock, parts and mail order.',
                {
                  products: [
                    product(
                      'dw-medium',
                      'Heavy Duty Double Wall Boxes',
                      'box-double-wall',
                      'Robust BC-flute cartons that carry up to 30kg when correctly taped. Trusted by trade customers for machine parts, books and bottled goods.',
                      boxSizes([[14, 10, 10], [16, 12, 12], [18, 12, 12], [18, 14, 12]], DOUBLE_WALL),
                    ),
                    product(
                      'dw-box-16x12x10',
                      'Double Wall Box 16x12x10',
                      'box-double-wall',
                      'The 16 x 12 x 10 inch carton in heavy duty double wall board. A dependable size for kitchenware, tools and mixed trade orders.',
                      boxSizes([[16, 12, 10]], DOUBLE_WALL, [10, 25, 50]),
                      { link: 'sw-box-16x12x10' },
                    ),
                    product(
                      'dw-export',
                      'Double Wall Export Cartons',
                      'box-double-wall',
                      'Square export cartons built to survive long journeys, multiple handling and container stacking. Printed-free plain kraft so you can add your own shipping marks.',
                      boxSizes([[16, 16, 16], [18, 18, 18], [20, 15, 15]], DOUBLE_WALL),
                    ),
                  ],
                },
              ),
              category(
                'Large Double Wall Boxes',
                'large-double-wall-boxes',
                'box-double-wall',
                'Large, heavy duty cartons for bulky and heavy goods.',
                {
                  products: [
                    product(
                      'dw-large',
                      'Large Double Wall Boxes',
                      'box-double-wall',
                      'Big double wall cartons for furniture parts, appliances and bulk stock. The double layer of fluting resists knocks and keeps its shape when stacked.',
                      boxSizes([[20, 16, 16], [24, 18, 18], [24, 24, 24], [30, 20, 20]], DOUBLE_WALL),
                    ),
                    product(
                      'dw-box-24x18x18',
                      'Double Wall Box 24x18x18',
                      'box-double-wall',
                      'A large 24 x 18 x 18 inch box in 6mm double wall board. Strong enough for heavy household goods and ideal for moving and long-term storage.',
                      boxSizes([[24, 18, 18]], DOUBLE_WALL, [5, 10, 20]),
                      { link: 'sw-box-24x18x18' },
                    ),
                    product(
                      'dw-extra-long',
                      'Extra Long Double Wall Boxes',
                      'box-long',
                      'Extra long cartons for curtain poles, golf clubs, fishing rods and lengths of pipe. Double wall board stops long boxes from bending in transit.',
                      boxSizes([[36, 6, 6], [40, 8, 8], [48, 6, 6]], DOUBLE_WALL),
                    ),
                  ],
                },
              ),
            ],
          },
        ),
        category(
          'Triple Wall Boxes',
          'triple-wall-boxes',
          'box-triple-wall',
          'Our strongest corrugated boxes, a lighter alternative to wooden crates for heavy loads.',
          {
            products: [
              product(
                'tw-boxes',
                'Triple Wall Cardboard Boxes',
                'box-triple-wall',
                'Made from 15mm AAA-flute triple wall board for exceptional strength and stacking. A lighter, cheaper alternative to timber crates for engines, machinery and export freight.',
                boxSizes([[18, 18, 18], [24, 18, 18], [24, 24, 24], [30, 24, 24]], TRIPLE_WALL),
              ),
              product(
                'tw-pallet-box',
                'Triple Wall Pallet Boxes',
                'box-triple-wall',
                'Bulk bins sized to sit on a standard UK pallet, ideal for loose parts, textiles and recycling. Supplied flat with separate lids available on request.',
                boxSizes([[47, 39, 24], [47, 39, 39]], TRIPLE_WALL, [1, 5, 10]),
                { isNew: true },
              ),
              product(
                'tw-box-24x24x24',
                'Triple Wall Box 24x24x24',
                'box-triple-wall',
                'A 24 inch cube in heavy duty triple wall board. Handles loads well over 50kg and is the box of choice for industrial shipping.',
                boxSizes([[24, 24, 24]], TRIPLE_WALL, [5, 10, 20]),
              ),
            ],
          },
        ),
        category(
          'White Boxes',
          'white-cardboard-boxes',
          'box-white',
          'Clean white-lined boxes that look smart on a doorstep or a shop shelf.',
          {
            products: [
              product(
                'white-sw',
                'White Single Wall Boxes',
                'box-white',
                'White-faced single wall boxes for a clean, premium look without the cost of printing. Perfect for boutiques, gift shops and subscription boxes.',
                boxSizes([[6, 4, 4], [9, 6, 6], [12, 9, 6], [16, 12, 8]], WHITE_SINGLE),
                { link: 'white-dw' },
              ),
              product(
                'white-dw',
                'White Double Wall Boxes',
                'box-white',
                'Double wall strength with a bright white outer liner. Protects heavier or fragile products while keeping your brand presentation crisp.',
                boxSizes([[12, 9, 9], [16, 12, 12], [18, 12, 12]], WHITE_DOUBLE),
                { link: 'white-sw' },
              ),
              product(
                'white-cube',
                'White Cube Boxes',
                'box-white',
                'Neat white cube boxes for candles, cosmetics and small gifts. Add tissue paper and a sticker for an unboxing customers remember.',
                boxSizes([[4, 4, 4], [6, 6, 6], [8, 8, 8]], WHITE_SINGLE),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Removal Boxes',
          'removal-boxes',
          'box-removal',
          'Strong double wall removal boxes with hand holes, for house and office moves.',
          {
            products: [
              product(
                'removal-standard',
                'Double Wall Removal Boxes',
                'box-removal',
                'Strong double wall moving boxes with comfortable hand holes on both ends. Printed panels let you note the room and contents. Used by professional removal firms up and down the country.',
                boxSizes([[18, 12, 12], [18, 18, 18], [24, 18, 18]], DOUBLE_WALL, [5, 10, 20]),
              ),
              product(
                'removal-book',
                'Book & Record Removal Boxes',
                'box-removal',
                'A compact heavy duty box sized so books, vinyl and files stay liftable when full. Double wall board and hand holes make heavy loads easy to carry.',
                boxSizes([[16, 12, 12], [14, 12, 12]], DOUBLE_WALL, [5, 10, 20]),
              ),
              product(
                'removal-wardrobe',
                'Wardrobe Removal Boxes',
                'box-removal',
                'Tall wardrobe boxes supplied with a metal hanging rail, so clothes travel on their hangers and arrive crease-free. Reusable for several moves.',
                boxSizes([[20, 18, 40]], DOUBLE_WALL, [1, 5, 10]),
              ),
            ],
          },
        ),
        category(
          'Archive & Storage Boxes',
          'archive-storage-boxes',
          'box-archive',
          'Lidded archive boxes for documents, files and long-term storage.',
          {
            products: [
              product(
                'archive-box',
                'Archive Boxes with Lids',
                'box-archive',
                'Standard archive boxes with a separate lid and hand holes, sized for A4 and foolscap files. A printed label panel makes records easy to find.',
                boxSizes([[15, 11, 10]], WHITE_SINGLE, [10, 25, 50]),
                { link: 'archive-heavy' },
              ),
              product(
                'archive-lever-arch',
                'Lever Arch File Storage Boxes',
                'box-archive',
                'Holds up to five lever arch files upright for filing rooms and off-site storage. Self-locking base for quick assembly without tape.',
                boxSizes([[13, 11, 12]], WHITE_SINGLE, [10, 25, 50]),
              ),
              product(
                'archive-heavy',
                'Heavy Duty Archive Boxes',
                'box-archive',
                'Double wall archive boxes with a deep lid for heavy files and long-term stacking. Stays square even at the bottom of a tall stack.',
                boxSizes([[16, 12, 10], [15, 11, 10]], WHITE_DOUBLE, [10, 25, 50]),
                { link: 'archive-box' },
              ),
            ],
          },
        ),
      ],
    },
  );
}

function postalAndMailing(): SeedCategory {
  return category(
    'Postal & Mailing',
    'postal-mailing',
    'mailer-box-white',
    'Mailing bags, postal boxes, tubes and book wraps for sending orders through Royal Mail and couriers.',
    {
      children: [
        category(
          'Mailing Bags',
          'mailing-bags',
          'mailing-bag-grey',
          'Tough, lightweight polythene and paper mailing bags with permanent peel and seal strips.',
          {
            children: [
              category(
                'Grey Mailing Bags',
                'grey-mailing-bags',
                'mailing-bag-grey',
                'Opaque grey co-extruded mailing bags: the trade standard for clothing and soft goods.',
                {
                  products: [
                    product(
                      'grey-bags',
                      'Grey Mailing Bags',
                      'mailing-bag-grey',
                      'Opaque grey and white co-extruded mailing bags with a permanent self-seal strip. Waterproof, tear-resistant and light, so postage stays low. The trade favourite for clothing and soft goods.',
                      flatSizes([[6, 9], [10, 14], [12, 16], [14, 21], [17, 24]], 0.035, 1, [100, 500]),
                      { isFeatured: true, link: 'grey-bags-heavy' },
                    ),
                    product(
                      'grey-bags-heavy',
                      'Heavy Duty Grey Mailing Bags',
                      'mailing-bag-grey',
                      'Extra thick 80 micron grey mailing bags for heavier or sharp-edged contents. The tamper-evident seal cannot be reopened without visible damage.',
                      flatSizes([[10, 14], [14, 21], [17, 24]], 0.055, 2, [100, 500]),
                      { link: 'grey-bags' },
                    ),
                    product(
                      'grey-bags-recycled',
                      'Recycled Grey Mailing Bags',
                      'mailing-bag-grey',
                      'Made with at least 30% recycled polythene, so they meet the UK Plastic Packaging Tax threshold. Same strong seal and opaque finish as our standard bags.',
                      flatSizes([[10, 14], [12, 16], [14, 21]], 0.04, 1, [100, 500]),
                      { isNew: true },
                    ),
                    product(
                      'grey-bag-10x14',
                      'Grey Mailing Bag 10x14',
                      'mailing-bag-grey',
                      'Our most popular mailing bag size, taking a folded T-shirt or knitwear with room to spare. Available in trade packs of up to a thousand.',
                      flatSizes([[10, 14]], 0.035, 1, [100, 250, 500, 1000]),
                    ),
                  ],
                },
              ),
              category(
                'Coloured Mailing Bags',
                'coloured-mailing-bags',
                'mailing-bag-pink',
                'Bright and bold mailing bags that make your parcels stand out.',
                {
                  products: [
                    product(
                      'pink-bags',
                      'Pink Mailing Bags',
                      'mailing-bag-pink',
                      'Eye-catching pink mailing bags, popular with fashion and beauty sellers. Opaque, waterproof and sealed with a strong peel and seal strip.',
                      flatSizes([[6, 9], [10, 14], [12, 16], [14, 21]], 0.045, 1, [100, 500]),
                    ),
                    product(
                      'black-bags',
                      'Black Mailing Bags',
                      'mailing-bag-black',
                      'Sleek black mailing bags for a discreet, premium look. Fully opaque so contents stay private in transit.',
                      flatSizes([[10, 14], [12, 16], [14, 21], [17, 24]], 0.045, 1, [100, 500]),
                    ),
                    product(
                      'blue-bags',
                      'Blue Mailing Bags',
                      'mailing-bag-blue',
                      'Bright blue polythene mailing bags that brighten up any doormat. Light, tough and fully recyclable where facilities exist.',
                      flatSizes([[6, 9], [10, 14], [12, 16]], 0.045, 1, [100, 500]),
                    ),
                  ],
                },
              ),
              category(
                'Clear Mailing Bags',
                'clear-mailing-bags',
                'mailing-bag-clear',
                'Clear polythene bags and grip seal bags for parts, samples and display.',
                {
                  products: [
                    product(
                      'clear-bags',
                      'Clear Mailing Bags',
                      'mailing-bag-clear',
                      'Transparent mailing bags for catalogues, magazines and promotional mailings, so the contents sell themselves. Finished with a permanent adhesive seal.',
                      flatSizes([[9, 12], [10, 14], [12, 16]], 0.04, 1, [100, 500]),
                    ),
                    product(
                      'grip-seal-bags',
                      'Grip Seal Bags',
                      'mailing-bag-clear',
                      'Resealable clear polythene bags with a press-to-close grip seal. Ideal for small parts, screws, samples and retail packs. Food-safe film.',
                      flatSizes([[2, 3], [3, 4], [4, 6], [6, 9], [9, 12]], 0.02, 0.5, [100, 1000]),
                    ),
                    product(
                      'polythene-bags',
                      'Clear Polythene Bags',
                      'mailing-bag-clear',
                      'Open-top 100 gauge polythene bags for dust protection, stock storage and garment covering. Strong enough for repeated handling in the warehouse.',
                      flatSizes([[12, 18], [18, 24], [24, 36]], 0.012, 0.5, [100, 500]),
                    ),
                  ],
                },
              ),
              category(
                'Paper Mailing Bags',
                'paper-mailing-bags',
                'mailing-bag-paper',
                'Plastic-free mailing bags in recyclable kraft paper and compostable film.',
                {
                  isNew: true,
                  products: [
                    product(
                      'paper-mailing-bags',
                      'Kraft Paper Mailing Bags',
                      'mailing-bag-paper',
                      'Plastic-free mailing bags made from strong recycled kraft paper with a gusset for bulkier items. Customers can put them straight in the kerbside paper recycling.',
                      flatSizes([[9, 12], [12, 16], [14, 18]], 0.08, 3, [50, 250]),
                      { isNew: true },
                    ),
                    product(
                      'paper-padded-bags',
                      'Paper Padded Mailing Bags',
                      'mailing-bag-paper',
                      'Kraft mailing bags lined with a honeycomb paper cushion instead of bubble film. Protects small gifts and cosmetics and is fully recyclable.',
                      flatSizes([[7, 10], [9, 12], [11, 14]], 0.15, 4, [50, 250]),
                    ),
                    product(
                      'compostable-bags',
                      'Compostable Mailing Bags',
                      'mailing-bag-green',
                      'Certified home-compostable mailing bags made from plant starch blends. They look and perform like polythene but break down in a home compost heap.',
                      flatSizes([[10, 14], [12, 16], [14, 21]], 0.09, 2, [50, 250]),
                      { isNew: true },
                    ),
                  ],
                },
              ),
            ],
          },
        ),
        category(
          'Postal Boxes',
          'postal-boxes',
          'mailer-box-white',
          'Crush-proof postal boxes sized for Royal Mail Large Letter and Small Parcel bands.',
          {
            children: [
              category(
                'Die-Cut Mailer Boxes',
                'die-cut-mailer-boxes',
                'mailer-box-white',
                'Self-locking mailer boxes with a tuck-in lid, no tape needed to close.',
                {
                  products: [
                    product(
                      'mailer-white',
                      'White Die-Cut Mailer Boxes',
                      'mailer-box-white',
                      'Premium white mailer boxes with a tuck-in lid and dust flaps, assembled in seconds with no tape. A smart choice for subscription boxes and gifting.',
                      boxSizes([[6, 4, 2], [9, 6, 3], [12, 9, 4], [14, 10, 4]], 0.14),
                      { isFeatured: true, link: 'mailer-kraft' },
                    ),
                    product(
                      'mailer-kraft',
                      'Kraft Die-Cut Mailer Boxes',
                      'mailer-box-kraft',
                      'Natural brown mailer boxes with a rugged, eco-friendly look. Self-locking tabs keep the lid closed, and the E-flute board takes a crisp fold.',
                      boxSizes([[6, 4, 2], [9, 6, 3], [12, 9, 4], [14, 10, 4]], 0.11),
                      { link: 'mailer-white' },
                    ),
                    product(
                      'mailer-black',
                      'Black Die-Cut Mailer Boxes',
                      'mailer-box-black',
                      'Matt black mailer boxes for fashion, jewellery and tech brands that want a bold first impression. White interior for a striking contrast when opened.',
                      boxSizes([[6, 4, 2], [9, 6, 3], [12, 9, 4]], 0.17),
                      { isNew: true },
                    ),
                  ],
                },
              ),
              category(
                'Royal Mail PIP Boxes',
                'pip-boxes',
                'mailer-box-kraft',
                'Boxes sized to the Royal Mail Large Letter and Small Parcel limits to keep postage down.',
                {
                  products: [
                    product(
                      'pip-large-letter',
                      'Large Letter Postal Boxes',
                      'mailer-box-kraft',
                      'Shallow boxes made to slip through a letterbox and stay within the Royal Mail Large Letter size. Protect books, jewellery and cosmetics at letter postage rates.',
                      boxSizes([[9, 6, 1], [11, 8, 1], [13, 9, 1]], 0.1, [25, 100, 500]),
                      { link: 'pip-white-large-letter' },
                    ),
                    product(
                      'pip-small-parcel',
                      'Small Parcel Postal Boxes',
                      'mailer-box-kraft',
                      'Strong postal boxes sized within the Royal Mail Small Parcel allowance. Crash-lock base and tuck lid for quick packing on busy dispatch days.',
                      boxSizes([[8, 6, 3], [10, 7, 4], [12, 8, 4]], 0.11, [25, 100, 500]),
                    ),
                    product(
                      'pip-white-large-letter',
                      'White Large Letter Boxes',
                      'mailer-box-white',
                      'The Large Letter postal box with a bright white finish for a more polished parcel. Same letterbox-friendly depth as our kraft version.',
                      boxSizes([[9, 6, 1], [13, 9, 1]], 0.13, [25, 100, 500]),
                      { link: 'pip-large-letter' },
                    ),
                  ],
                },
              ),
            ],
          },
        ),
        category(
          'Postal Tubes',
          'postal-tubes',
          'tube',
          'Rigid cardboard postal tubes with end caps for posters, prints and plans.',
          {
            products: [
              product(
                'tubes-round',
                'Round Postal Tubes with End Caps',
                'tube',
                'Spiral-wound kraft tubes supplied with white plastic end caps. Keeps posters, prints and drawings rolled and crease-free in the post.',
                fixedSizes(
                  [
                    ['2x12"', '51x305mm', 38],
                    ['2x18"', '51x457mm', 45],
                    ['3x24"', '76x610mm', 66],
                    ['3x36"', '76x914mm', 84],
                  ],
                  [10, 25, 50],
                ),
                { link: 'tubes-heavy' },
              ),
              product(
                'tubes-triangular',
                'Triangular Postal Tubes',
                'tube',
                'Triangular tubes that will not roll off a sorting belt and stack neatly in storage. Self-locking ends, no caps required.',
                fixedSizes(
                  [
                    ['3x18"', '76x457mm', 52],
                    ['3x24"', '76x610mm', 62],
                    ['4x36"', '102x914mm', 88],
                  ],
                  [10, 25, 50],
                ),
              ),
              product(
                'tubes-white',
                'White Postal Tubes',
                'tube',
                'Clean white postal tubes with matching caps for artists, galleries and print shops. A professional finish straight off the shelf.',
                fixedSizes(
                  [
                    ['2x18"', '51x457mm', 55],
                    ['3x24"', '76x610mm', 78],
                  ],
                  [10, 25, 50],
                ),
              ),
              product(
                'tubes-heavy',
                'Heavy Duty Postal Tubes',
                'tube',
                'Thick-walled tubes for architectural drawings, fabric samples and heavier rolls. Resists crushing far better than standard postal tubes.',
                fixedSizes(
                  [
                    ['3x24"', '76x610mm', 95],
                    ['3x36"', '76x914mm', 118],
                    ['4x48"', '102x1219mm', 165],
                  ],
                  [10, 25],
                ),
                { link: 'tubes-round' },
              ),
            ],
          },
        ),
        category(
          'Book Wraps',
          'book-wraps',
          'book-wrap',
          'Wrap-around cardboard mailers for books, DVDs and flat items.',
          {
            products: [
              product(
                'book-wrap-standard',
                'Book Wrap Mailers',
                'book-wrap',
                'Corrugated wrap-around mailers with a peel and seal closure and tear strip. Rigid corners protect books from bumps and dog-eared edges.',
                flatSizes([[9, 6], [11, 8], [13, 9]], 0.25, 6, [25, 100]),
                { link: 'book-wrap-white' },
              ),
              product(
                'book-wrap-multi',
                'Multi-Depth Book Wraps',
                'book-wrap',
                'Creased at several depths so one wrap fits a paperback or a thick hardback. Cuts the number of sizes you need to stock.',
                flatSizes([[9, 6], [12, 9]], 0.28, 8, [25, 100]),
              ),
              product(
                'book-wrap-white',
                'White Book Wrap Mailers',
                'book-wrap',
                'Our book wrap with a white outer face, ideal for publishers and booksellers who like a tidy presentation. Peel and seal strip with a customer tear strip.',
                flatSizes([[9, 6], [11, 8], [13, 9]], 0.3, 6, [25, 100]),
                { link: 'book-wrap-standard' },
              ),
            ],
          },
        ),
      ],
    },
  );
}

const PADDED_SIZES: [string, string, number][] = [
  ['A/000', '110x160mm', 7],
  ['C/0', '150x210mm', 9],
  ['D/1', '180x260mm', 11],
  ['E/2', '220x260mm', 13],
  ['G/4', '240x330mm', 16],
  ['H/5', '270x360mm', 19],
  ['K/7', '350x470mm', 27],
];

function envelopes(): SeedCategory {
  return category(
    'Envelopes',
    'envelopes',
    'envelope-white',
    'Padded, board backed and paper envelopes plus document wallets for every mailroom.',
    {
      children: [
        category(
          'Padded Envelopes',
          'padded-envelopes',
          'envelope-padded',
          'Bubble-lined and paper-padded envelopes for small, delicate items.',
          {
            products: [
              product(
                'padded-gold',
                'Gold Padded Bubble Envelopes',
                'envelope-padded',
                'The classic gold bubble-lined envelope with a peel and seal closure. Lightweight cushioning for jewellery, electronics and small gifts. Sized A/000 to K/7.',
                fixedSizes(PADDED_SIZES.slice(0, 6), [100, 200]),
                { isFeatured: true, link: 'padded-white' },
              ),
              product(
                'padded-white',
                'White Padded Bubble Envelopes',
                'envelope-padded-white',
                'Bright white bubble envelopes for a clean look in the post. Same dependable bubble lining and permanent seal as our gold range.',
                fixedSizes(
                  PADDED_SIZES.slice(1).map(([a, b, c]) => [a, b, c + 1]),
                  [100, 200],
                ),
                { link: 'padded-gold' },
              ),
              product(
                'padded-paper',
                'Recyclable Paper Padded Envelopes',
                'envelope-padded',
                'Padded with shredded recycled paper instead of bubble film, so the whole envelope goes in the paper recycling. Firm protection for books and small boxed items.',
                fixedSizes(
                  PADDED_SIZES.slice(1, 6).map(([a, b, c]) => [a, b, c + 6]),
                  [50, 100],
                ),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Board Backed Envelopes',
          'board-backed-envelopes',
          'envelope-board',
          'Envelopes with a rigid board back to keep photos and certificates flat.',
          {
            products: [
              product(
                'board-backed-white',
                'Board Backed Envelopes',
                'envelope-board',
                "White envelopes with a stiff board back and 'Please do not bend' print. The reliable way to post photographs, certificates and prints.",
                fixedSizes(
                  [
                    ['C5', '162x229mm', 14],
                    ['C4', '229x324mm', 21],
                    ['A3', '324x458mm', 38],
                  ],
                  [50, 125],
                ),
                { link: 'board-backed-manilla' },
              ),
              product(
                'board-backed-manilla',
                'Manilla Board Backed Envelopes',
                'envelope-manilla',
                'Economy manilla envelopes with a grey board back, ideal for high-volume office mailings. Strong peel and seal flap.',
                fixedSizes(
                  [
                    ['C5', '162x229mm', 11],
                    ['C4', '229x324mm', 17],
                  ],
                  [50, 125],
                ),
                { link: 'board-backed-white' },
              ),
              product(
                'all-board-envelopes',
                'All Board Envelopes',
                'envelope-board',
                'Made entirely from rigid white board for maximum protection of flat items. Tear strip opening for a neat customer experience.',
                fixedSizes(
                  [
                    ['C5', '162x229mm', 24],
                    ['C4', '229x324mm', 34],
                    ['A3', '324x458mm', 58],
                  ],
                  [50, 100],
                ),
              ),
            ],
          },
        ),
        category(
          'Paper Envelopes',
          'paper-envelopes',
          'envelope-white',
          'Everyday white and manilla envelopes for letters and documents.',
          {
            products: [
              product(
                'env-white',
                'White Envelopes',
                'envelope-white',
                'Bright white 100gsm envelopes with a peel and seal flap, for invoices, letters and brochures. Sold in boxes of 500 for office and mailroom use.',
                fixedSizes(
                  [
                    ['DL', '110x220mm', 2],
                    ['C5', '162x229mm', 3],
                    ['C4', '229x324mm', 6],
                  ],
                  [500, 1000],
                ),
                { link: 'env-manilla' },
              ),
              product(
                'env-manilla',
                'Manilla Envelopes',
                'envelope-manilla',
                'Economical buff manilla envelopes for internal post and general correspondence. Self-seal gummed flap that stays closed.',
                fixedSizes(
                  [
                    ['DL', '110x220mm', 2],
                    ['C5', '162x229mm', 2],
                    ['C4', '229x324mm', 5],
                  ],
                  [500, 1000],
                ),
                { link: 'env-white' },
              ),
              product(
                'env-window',
                'DL Window Envelopes',
                'envelope-white',
                'Window envelopes that show the address printed on your A4 letter folded in three. Saves printing labels for invoices and statements.',
                fixedSizes([['DL', '110x220mm', 2]], [500, 1000]),
              ),
              product(
                'env-gusset',
                'Gusset Envelopes',
                'envelope-manilla',
                'Expanding envelopes with a 25mm gusset for bulky documents and brochures. Tough 120gsm manilla that copes with heavy contents.',
                fixedSizes(
                  [
                    ['C4', '229x324mm', 18],
                    ['C3', '324x458mm', 29],
                  ],
                  [100, 250],
                ),
              ),
            ],
          },
        ),
        category(
          'Document Enclosed Wallets',
          'document-wallets',
          'document-wallet',
          'Self-adhesive wallets that keep invoices and packing lists on the outside of a parcel.',
          {
            products: [
              product(
                'docwallet-plain',
                'Plain Document Enclosed Wallets',
                'document-wallet',
                'Clear self-adhesive wallets that fix your packing list or invoice to the outside of a parcel. Strong adhesive that holds on corrugated board.',
                fixedSizes(
                  [
                    ['A7', '123x95mm', 2],
                    ['A6', '165x125mm', 3],
                    ['A5', '230x160mm', 4],
                    ['A4', '320x230mm', 6],
                  ],
                  [100, 1000],
                ),
              ),
              product(
                'docwallet-printed',
                'Printed Documents Enclosed Wallets',
                'document-wallet',
                "Wallets printed with 'Documents Enclosed' so carriers and customers spot the paperwork at once. Peel-off backing for fast application.",
                fixedSizes(
                  [
                    ['A6', '165x125mm', 3],
                    ['A5', '230x160mm', 4],
                  ],
                  [100, 1000],
                ),
              ),
              product(
                'docwallet-invoice',
                'Invoice Enclosed Wallets',
                'document-wallet',
                "Red-print wallets marked 'Invoice Enclosed' for accounts paperwork. Clear front so the document can be read without opening.",
                fixedSizes(
                  [
                    ['A6', '165x125mm', 3],
                    ['A5', '230x160mm', 4],
                  ],
                  [100, 1000],
                ),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function protectivePackaging(): SeedCategory {
  return category(
    'Protective Packaging',
    'protective-packaging',
    'bubble-wrap',
    'Bubble wrap, foam, edge protection and corrugated rolls to keep goods safe in transit.',
    {
      children: [
        category(
          'Bubble Wrap',
          'bubble-wrap',
          'bubble-wrap',
          'Bubble wrap rolls and bags in small and large bubble, from handy rolls to full trade sizes.',
          {
            children: [
              category(
                'Small Bubble Wrap Rolls',
                'small-bubble-wrap-rolls',
                'bubble-wrap',
                'Small 10mm bubble rolls for wrapping and interleaving everyday items.',
                {
                  products: [
                    product(
                      'bw-small-300',
                      'Small Bubble Wrap Rolls',
                      'bubble-wrap',
                      'Our best-selling 10mm bubble wrap in full 100 metre rolls. Wraps glassware, ornaments and electronics with a soft, strong cushion. Made in the UK from recyclable polythene.',
                      rolls(
                        [
                          ['300mm x 100m', 720],
                          ['500mm x 100m', 1050],
                          ['750mm x 100m', 1490],
                          ['1000mm x 100m', 1890],
                        ],
                        [1, 3, 6],
                      ),
                      { isFeatured: true, link: 'bw-recycled' },
                    ),
                    product(
                      'bw-small-perf',
                      'Perforated Bubble Wrap Rolls',
                      'bubble-wrap',
                      'Small bubble wrap perforated every 300mm so packers can tear off a sheet without scissors. Speeds up busy packing benches.',
                      rolls(
                        [
                          ['300mm x 50m', 520],
                          ['500mm x 50m', 760],
                        ],
                        [1, 4, 8],
                      ),
                    ),
                    product(
                      'bw-mini',
                      'Mini Bubble Wrap Rolls',
                      'bubble-wrap',
                      'Handy short rolls for home movers and small sellers who do not need a full trade roll. Easy to store in a drawer or cupboard.',
                      rolls(
                        [
                          ['300mm x 10m', 190],
                          ['500mm x 10m', 260],
                        ],
                        [1, 5, 10],
                      ),
                    ),
                    product(
                      'bw-anti-static',
                      'Anti-Static Pink Bubble Wrap',
                      'bubble-wrap',
                      'Pink anti-static bubble wrap that stops static building up around circuit boards and components. The colour makes it easy to tell apart on the bench.',
                      rolls(
                        [
                          ['300mm x 50m', 940],
                          ['500mm x 50m', 1380],
                        ],
                        [1, 3],
                      ),
                    ),
                  ],
                },
              ),
              category(
                'Large Bubble Wrap Rolls',
                'large-bubble-wrap-rolls',
                'bubble-wrap',
                'Large 25mm bubble rolls for heavy items and filling voids.',
                {
                  products: [
                    product(
                      'bw-large-bubble',
                      'Large Bubble Wrap Rolls',
                      'bubble-wrap',
                      'Chunky 25mm bubbles that absorb heavier knocks and fill space in the box. Ideal for furniture, pictures and large ceramics.',
                      rolls(
                        [
                          ['750mm x 50m', 1350],
                          ['1000mm x 50m', 1690],
                          ['1500mm x 50m', 2450],
                        ],
                        [1, 3],
                      ),
                    ),
                    product(
                      'bw-wide',
                      'Wide Bubble Wrap Rolls',
                      'bubble-wrap',
                      'Extra wide rolls for wrapping sofas, mattresses and large panels in one pass. A favourite of removal firms and furniture retailers.',
                      rolls(
                        [
                          ['1200mm x 100m', 2790],
                          ['1500mm x 100m', 3350],
                        ],
                        [1, 2],
                      ),
                    ),
                    product(
                      'bw-recycled',
                      'Recycled Bubble Wrap',
                      'bubble-wrap',
                      'Bubble wrap made with a high share of recycled polythene, with the same cushioning as virgin film. A simple way to reduce the footprint of your packaging.',
                      rolls(
                        [
                          ['500mm x 100m', 1120],
                          ['750mm x 100m', 1560],
                        ],
                        [1, 3, 6],
                      ),
                      { isNew: true, link: 'bw-small-300' },
                    ),
                  ],
                },
              ),
              category(
                'Bubble Bags',
                'bubble-bags',
                'bubble-bag',
                'Ready-made bubble pouches for quick, consistent wrapping.',
                {
                  products: [
                    product(
                      'bubble-bags',
                      'Bubble Bags',
                      'bubble-bag',
                      'Open-ended bubble pouches that slip over a product in a second. Great for phones, bottles and small gifts on a busy packing line.',
                      flatSizes([[4, 5], [6, 8], [8, 10], [10, 12]], 0.05, 1, [100, 500]),
                    ),
                    product(
                      'bubble-bags-peel',
                      'Peel & Seal Bubble Bags',
                      'bubble-bag',
                      'Bubble bags with a self-seal lip, so items stay put and dust stays out. Suits cosmetics, electronics and spare parts.',
                      flatSizes([[4, 6], [6, 9], [9, 12]], 0.07, 2, [100, 500]),
                    ),
                    product(
                      'bubble-bags-large',
                      'Large Bubble Bags',
                      'bubble-bag',
                      'Big bubble pouches for laptops, framed prints and bulky homeware. Saves cutting and taping wrap by hand.',
                      flatSizes([[12, 16], [16, 20], [20, 24]], 0.04, 3, [50, 250]),
                    ),
                  ],
                },
              ),
            ],
          },
        ),
        category(
          'Foam Packaging',
          'foam-packaging',
          'foam-roll',
          'Soft polyethylene foam rolls, pouches and sheets for surface protection.',
          {
            products: [
              product(
                'foam-roll',
                'Foam Wrap Rolls',
                'foam-roll',
                'Lightweight polyethylene foam that protects polished surfaces from scratches and scuffs. Ideal for furniture, glass and electronics.',
                rolls(
                  [
                    ['300mm x 200m', 1250],
                    ['500mm x 200m', 1890],
                    ['1000mm x 200m', 3290],
                  ],
                  [1, 3],
                ),
              ),
              product(
                'foam-pouches',
                'Foam Pouches',
                'foam-roll',
                'Soft foam pouches for crockery, glasses and ornaments. Simply drop the item in and pack, no tape needed.',
                flatSizes([[4, 6], [6, 8], [8, 10], [10, 12]], 0.04, 1, [100, 500]),
              ),
              product(
                'foam-sheets',
                'Polyethylene Foam Sheets',
                'foam-roll',
                'Pre-cut 10mm foam sheets for layering and padding inside boxes. Easy to cut to shape with a safety knife.',
                flatSizes([[24, 18], [48, 24]], 0.05, 5, [10, 50]),
              ),
            ],
          },
        ),
        category(
          'Edge Protectors',
          'edge-protectors',
          'edge-protector',
          'Angle boards and corner protectors that stop straps and knocks damaging edges.',
          {
            products: [
              product(
                'edge-board',
                'Cardboard Edge Protectors',
                'edge-protector',
                'Rigid laminated board angles that protect pallet loads from strapping damage and add stacking strength. Recyclable with ordinary cardboard.',
                fixedSizes(
                  [
                    ['35x35mm x 1m', '35x35x1000mm', 28],
                    ['50x50mm x 1.2m', '50x50x1200mm', 39],
                    ['50x50mm x 1.5m', '50x50x1500mm', 46],
                  ],
                  [50, 100, 250],
                ),
              ),
              product(
                'corner-protectors',
                'Plastic Corner Protectors',
                'edge-protector',
                'Moulded corner pieces that clip onto boxes, frames and panels. Absorb the knocks that usually land on corners in transit.',
                fixedSizes(
                  [
                    ['35mm', '35x35x35mm', 6],
                    ['50mm', '50x50x50mm', 8],
                  ],
                  [100, 500],
                ),
              ),
              product(
                'foam-edge',
                'Foam Edge Protectors',
                'edge-protector',
                'U-shaped foam profiles that push onto glass, worktops and furniture edges. Cut to length with a knife.',
                fixedSizes(
                  [
                    ['10-15mm x 1m', '15x1000mm', 24],
                    ['20-25mm x 1m', '25x1000mm', 31],
                  ],
                  [25, 100],
                ),
              ),
            ],
          },
        ),
        category(
          'Corrugated Rolls',
          'corrugated-rolls',
          'corrugated-roll',
          'Single-face corrugated rolls, sheets and pads for wrapping and layering.',
          {
            products: [
              product(
                'corrugated-roll',
                'Corrugated Cardboard Rolls',
                'corrugated-roll',
                'Flexible single-face corrugated board that wraps around furniture, frames and pipes. A recyclable alternative to bubble wrap for many jobs.',
                rolls(
                  [
                    ['450mm x 75m', 1450],
                    ['900mm x 75m', 2350],
                    ['1200mm x 75m', 2990],
                  ],
                  [1, 3],
                ),
              ),
              product(
                'corrugated-sheets',
                'Corrugated Cardboard Sheets',
                'corrugated-roll',
                'Flat single wall sheets for layer pads, dividers and making up bespoke packs. Supplied in bundles for easy storage.',
                flatSizes([[24, 18], [36, 24], [48, 36]], 0.02, 4, [25, 100]),
              ),
              product(
                'corrugated-pads',
                'Double Wall Layer Pads',
                'corrugated-roll',
                'Heavy duty double wall pads to separate layers on a pallet and spread the load. Sized for UK standard and Euro pallets.',
                fixedSizes(
                  [
                    ['UK Pallet', '1200x1000mm', 140],
                    ['Euro Pallet', '1200x800mm', 118],
                  ],
                  [10, 25],
                ),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function voidFill(): SeedCategory {
  return category(
    'Void Fill',
    'void-fill',
    'void-fill',
    'Loose fill, paper and air pillows that stop goods moving around inside the box.',
    {
      children: [
        category(
          'Loose Fill Chips',
          'loose-fill',
          'void-fill',
          'Free-flowing packing chips for filling gaps around products.',
          {
            products: [
              product(
                'loose-fill-white',
                'White Loose Fill Chips',
                'void-fill',
                'Free-flowing white packing chips that lock together around your product and fill every gap. Very light, so they add almost nothing to postage. Supplied in large sacks.',
                fixedSizes(
                  [
                    ['15 cu ft', '425 litres', 1290],
                    ['5 cu ft', '142 litres', 590],
                  ],
                  [1, 3, 5],
                ),
                { isFeatured: true },
              ),
              product(
                'loose-fill-bio',
                'Biodegradable Starch Loose Fill',
                'void-fill',
                'Starch-based chips that dissolve in water and can be composted at home. Anti-static and dust-free, with the same cushioning as polystyrene.',
                fixedSizes([['15 cu ft', '425 litres', 1690]], [1, 3, 5]),
                { isNew: true },
              ),
              product(
                'loose-fill-green',
                'Recycled Green Loose Fill',
                'void-fill',
                'Economy loose fill made from 100% recycled material. The green colour shows customers at a glance that it has been recycled.',
                fixedSizes([['15 cu ft', '425 litres', 1190]], [1, 3, 5]),
              ),
            ],
          },
        ),
        category(
          'Paper Void Fill',
          'paper-void-fill',
          'paper-void-fill',
          'Kraft paper rolls, newsprint and honeycomb wrap for plastic-free packing.',
          {
            products: [
              product(
                'kraft-paper-roll',
                'Kraft Paper Rolls',
                'paper-void-fill',
                'Strong 70gsm kraft paper for scrunching into void fill, wrapping and interleaving. Fully recyclable and made from sustainably sourced pulp.',
                rolls(
                  [
                    ['500mm x 225m', 1290],
                    ['750mm x 225m', 1790],
                    ['900mm x 225m', 2090],
                  ],
                  [1, 3],
                ),
              ),
              product(
                'newsprint-sheets',
                'Offcut Newsprint Sheets',
                'paper-void-fill',
                'Clean, unprinted newsprint sheets for wrapping crockery and glassware. No ink to mark your items, as used by removal companies.',
                flatSizes([[20, 30]], 0.005, 0.5, [250, 1000]),
              ),
              product(
                'honeycomb-paper',
                'Honeycomb Paper Wrap',
                'paper-void-fill',
                'Die-cut kraft paper that opens into a honeycomb cushion when stretched. A plastic-free alternative to bubble wrap that customers love.',
                rolls(
                  [
                    ['380mm x 100m', 2190],
                    ['500mm x 250m', 4290],
                  ],
                  [1, 2],
                ),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Air Pillows',
          'air-pillows',
          'air-pillows',
          'Pre-filled air pillows and air cushion film: lots of protection with almost no weight.',
          {
            products: [
              product(
                'air-pillows',
                'Pre-Inflated Air Pillows',
                'air-pillows',
                'Ready-filled air pillows that take up space in the box at a fraction of the weight of paper. Supplied in large bags of loose pillows.',
                fixedSizes(
                  [
                    ['200x100mm', '200x100mm', 1],
                    ['200x150mm', '200x150mm', 2],
                  ],
                  [500, 1000],
                ),
              ),
              product(
                'air-pillow-film',
                'Air Pillow Film Rolls',
                'air-pillows',
                'Perforated film rolls for desktop air pillow machines. One roll makes hundreds of metres of cushions on demand, saving storage space.',
                rolls(
                  [
                    ['200x100mm x 750m', 2890],
                    ['200x200mm x 750m', 3090],
                  ],
                  [1, 2],
                ),
              ),
              product(
                'air-cushion-film',
                'Air Cushion Bubble Film',
                'air-pillows',
                'Film of joined air cells that wraps around items like bubble wrap. Made on demand, so you store flat film rather than bulky rolls.',
                rolls([['400mm x 300m', 3490]], [1, 2]),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function packingTape(): SeedCategory {
  return category(
    'Packing Tape',
    'packing-tape',
    'tape-brown',
    'Brown, clear, printed and paper packing tapes plus dispensers for fast, secure sealing.',
    {
      children: [
        category(
          'Brown Packing Tape',
          'brown-packing-tape',
          'tape-brown',
          'Brown tapes that blend with kraft boxes.',
          {
            products: [
              product(
                'tape-brown-low-noise',
                'Brown Low Noise Packing Tape',
                'tape-brown',
                'Quiet-unwind polypropylene tape with a strong acrylic adhesive, popular in shared offices and packing rooms. Sticks to recycled board and holds firm in cold warehouses.',
                rolls(
                  [
                    ['48mm x 66m', 115],
                    ['48mm x 132m', 205],
                  ],
                  [6, 36],
                ),
                { isFeatured: true },
              ),
              product(
                'tape-brown-polyprop',
                'Brown Polypropylene Packing Tape',
                'tape-brown',
                'Everyday economy packing tape for sealing cartons of all sizes. Good tack and a consistent unwind from the first metre to the last.',
                rolls(
                  [
                    ['48mm x 66m', 89],
                    ['75mm x 66m', 139],
                  ],
                  [6, 36],
                ),
                { link: 'tape-clear-polyprop' },
              ),
              product(
                'tape-brown-vinyl',
                'Heavy Duty Brown Vinyl Tape',
                'tape-brown',
                'Thick, tough vinyl tape with natural rubber adhesive for heavy and overfilled boxes. Tears by hand and grips even dusty or cold surfaces.',
                rolls([['48mm x 66m', 189]], [6, 36]),
              ),
            ],
          },
        ),
        category(
          'Clear Packing Tape',
          'clear-packing-tape',
          'tape-clear',
          'Clear tapes that keep box print and labels visible.',
          {
            products: [
              product(
                'tape-clear-polyprop',
                'Clear Polypropylene Packing Tape',
                'tape-clear',
                'Clear economy tape that keeps printed boxes looking tidy. Also handy for laminating address labels against rain.',
                rolls(
                  [
                    ['48mm x 66m', 89],
                    ['75mm x 66m', 139],
                  ],
                  [6, 36],
                ),
                { link: 'tape-brown-polyprop' },
              ),
              product(
                'tape-clear-low-noise',
                'Clear Low Noise Packing Tape',
                'tape-clear',
                'Premium clear tape that unwinds quietly and evenly. A strong adhesive that suits high-volume dispatch benches.',
                rolls(
                  [
                    ['48mm x 66m', 115],
                    ['48mm x 132m', 205],
                  ],
                  [6, 36],
                ),
              ),
              product(
                'tape-crystal-clear',
                'Crystal Clear Tape',
                'tape-clear',
                'Ultra-clear tape for retail packaging, gift wrap and sealing clear bags where looks matter. Stays clear without yellowing and tears cleanly from a desktop dispenser.',
                rolls(
                  [
                    ['24mm x 66m', 69],
                    ['48mm x 66m', 119],
                  ],
                  [12, 72],
                ),
              ),
            ],
          },
        ),
        category(
          'Printed & Fragile Tape',
          'printed-tape',
          'tape-printed',
          'Printed warning tapes that tell carriers how to handle your parcels.',
          {
            products: [
              product(
                'tape-fragile',
                'Fragile Printed Tape',
                'tape-printed',
                "White tape printed in red with 'FRAGILE - HANDLE WITH CARE'. Seals and warns in one step, so there is no need for separate labels.",
                rolls([['48mm x 66m', 149]], [6, 36]),
              ),
              product(
                'tape-hazard',
                'Hazard Warning Tape',
                'tape-printed',
                'Black and yellow striped tape for marking hazards, floor areas and damaged stock. Strong vinyl that lasts on warehouse floors.',
                rolls(
                  [
                    ['50mm x 33m', 199],
                    ['75mm x 33m', 289],
                  ],
                  [6, 36],
                ),
              ),
              product(
                'tape-handle-with-care',
                'Handle With Care Printed Tape',
                'tape-printed',
                "Amber tape printed with 'Handle With Care' arrows, visible from across a depot. Ideal for glass, ceramics and precision goods.",
                rolls([['48mm x 66m', 149]], [6, 36]),
              ),
            ],
          },
        ),
        category(
          'Paper Tape',
          'paper-tape',
          'tape-paper',
          'Plastic-free kraft paper tapes, gummed and self-adhesive.',
          {
            products: [
              product(
                'gummed-paper-tape',
                'Gummed Paper Tape',
                'tape-paper',
                'Water-activated kraft tape that bonds into the fibres of the box for a tamper-evident seal. Recyclable along with the carton. Use with a gummed tape dispenser.',
                rolls(
                  [
                    ['48mm x 200m', 399],
                    ['70mm x 200m', 549],
                  ],
                  [1, 10, 24],
                ),
              ),
              product(
                'kraft-paper-tape',
                'Self-Adhesive Kraft Paper Tape',
                'tape-paper',
                'A paper tape that works in any standard tape gun, no water needed. Plastic-free and kerbside recyclable with the box.',
                rolls([['48mm x 50m', 199]], [6, 36]),
                { isNew: true },
              ),
              product(
                'reinforced-gummed-tape',
                'Reinforced Gummed Tape',
                'tape-paper',
                'Gummed paper tape reinforced with glass fibre strands for heavy and high-value cartons. Practically impossible to tear by hand once applied.',
                rolls([['72mm x 150m', 899]], [1, 10]),
              ),
            ],
          },
        ),
        category(
          'Tape Dispensers',
          'tape-dispensers',
          'tape-dispenser',
          'Tape guns and dispensers to make sealing faster and neater.',
          {
            products: [
              product(
                'dispenser-standard',
                'Tape Gun Dispenser',
                'tape-dispenser',
                'Lightweight pistol-grip tape gun with an adjustable brake and guarded blade. Seals a box in seconds with one smooth pull.',
                fixedSizes(
                  [
                    ['50mm', '50mm', 395],
                    ['75mm', '75mm', 595],
                  ],
                  [1, 5, 10],
                ),
              ),
              product(
                'dispenser-heavy',
                'Heavy Duty Tape Dispenser',
                'tape-dispenser',
                'All-metal professional tape gun with a soft-grip handle for all-day use on busy packing lines. Replacement blades available.',
                fixedSizes([['50mm', '50mm', 895]], [1, 5, 10]),
              ),
              product(
                'dispenser-desktop',
                'Desktop Tape Dispenser',
                'tape-dispenser',
                'Weighted desktop dispenser for office tapes up to 25mm wide. Non-slip base so it stays put when you pull.',
                fixedSizes([['25mm', '25mm', 349]], [1, 5]),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function palletWrap(): SeedCategory {
  return category(
    'Pallet Wrap & Stretch Film',
    'pallet-wrap-stretch-film',
    'pallet-wrap',
    'Hand and machine stretch film, mini wrap and strapping to secure loads on the pallet.',
    {
      children: [
        category(
          'Hand Pallet Wrap',
          'hand-pallet-wrap',
          'pallet-wrap',
          'Cast stretch film on hand rolls for wrapping pallets without a machine.',
          {
            products: [
              product(
                'pw-clear',
                'Clear Hand Pallet Wrap',
                'pallet-wrap',
                'Cast stretch film that clings to itself and holds pallet loads tight and clean. Quiet unwind and high puncture resistance. Sold in cases of six rolls.',
                rolls(
                  [
                    ['400mm x 250m 17mu', 480],
                    ['400mm x 300m 23mu', 620],
                  ],
                  [6, 24, 48],
                ),
                { isFeatured: true, link: 'pw-black' },
              ),
              product(
                'pw-black',
                'Black Hand Pallet Wrap',
                'pallet-wrap-black',
                'Opaque black stretch film that hides pallet contents from view, deterring theft in transit. Also protects goods from UV light.',
                rolls([['400mm x 250m 23mu', 690]], [6, 24, 48]),
                { link: 'pw-clear' },
              ),
              product(
                'pw-extended-core',
                'Extended Core Pallet Wrap',
                'pallet-wrap',
                'Hand wrap with an extended core at each end, so you can wrap without a dispenser and without burning your hands. Quick to pick up and go.',
                rolls([['400mm x 250m 17mu', 520]], [6, 24]),
              ),
              product(
                'pw-prestretched',
                'Pre-Stretched Pallet Wrap',
                'pallet-wrap',
                'Thin pre-stretched film that wraps more pallets per roll with less effort. Uses up to 50% less plastic than standard hand wrap.',
                rolls([['450mm x 450m 9mu', 650]], [6, 24]),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Machine Stretch Film',
          'machine-stretch-film',
          'pallet-wrap',
          'Machine rolls for turntable and robot pallet wrappers.',
          {
            products: [
              product(
                'msf-standard',
                'Machine Stretch Film',
                'pallet-wrap',
                'Cast machine film for turntable wrappers, with high stretch and excellent cling. A cost-effective choice for medium to high throughput.',
                rolls([['500mm x 1500m 23mu', 2890]], [1, 4, 16]),
              ),
              product(
                'msf-power',
                'Power Pre-Stretch Machine Film',
                'pallet-wrap',
                'Engineered for power pre-stretch carriages up to 300%. Fewer roll changes and lower film use per pallet.',
                rolls([['500mm x 1700m 20mu', 3190]], [1, 4, 16]),
              ),
              product(
                'msf-black',
                'Black Machine Stretch Film',
                'pallet-wrap-black',
                'Opaque black machine film for security-wrapped pallets and UV-sensitive goods. Compatible with most turntable machines.',
                rolls([['500mm x 1500m 23mu', 3390]], [1, 4]),
              ),
            ],
          },
        ),
        category(
          'Mini Wrap & Bundling Film',
          'mini-wrap',
          'pallet-wrap',
          'Narrow stretch film for bundling, wrapping and securing small loads.',
          {
            products: [
              product(
                'mini-wrap-clear',
                'Mini Stretch Wrap Rolls',
                'pallet-wrap',
                'Narrow stretch film for bundling pipes, tubes, furniture parts and boxes. Holds items together without adhesive residue.',
                rolls(
                  [
                    ['100mm x 150m', 145],
                    ['250mm x 150m', 295],
                  ],
                  [6, 24],
                ),
              ),
              product(
                'mini-wrap-handle',
                'Mini Wrap with Dispenser Handle',
                'pallet-wrap',
                'Mini wrap on a handy handle dispenser for quick bundling jobs around the warehouse and van. The handle keeps tension even and saves sore hands on long shifts.',
                rolls([['100mm x 150m', 249]], [1, 6, 12]),
              ),
              product(
                'mini-wrap-black',
                'Black Mini Stretch Wrap',
                'pallet-wrap-black',
                'Opaque mini wrap for discreet bundling and wrapping small items. Ideal for removals and furniture delivery.',
                rolls([['100mm x 150m', 165]], [6, 24]),
              ),
            ],
          },
        ),
        category(
          'Pallet Strapping',
          'pallet-strapping',
          'strapping',
          'Polypropylene strapping, buckles and kits for securing pallets and bundles.',
          {
            products: [
              product(
                'pp-strapping',
                'Polypropylene Strapping',
                'strapping',
                'Strong hand-grade polypropylene strapping on a 200mm core. Secures pallets, crates and bundles of timber with metal seals or buckles.',
                rolls(
                  [
                    ['12mm x 3000m', 1890],
                    ['15mm x 2000m', 2090],
                  ],
                  [1, 2, 4],
                ),
              ),
              product(
                'strapping-kit',
                'Strapping Kit with Tensioner',
                'strapping',
                'Everything you need to start strapping: a roll of strapping, a tensioner, a sealer and a box of metal seals, all on a mobile dispenser. Ideal for warehouses that secure a few pallets a day.',
                fixedSizes([['12mm', '12mm', 14900]], [1]),
              ),
              product(
                'strapping-buckles',
                'Metal Strapping Buckles',
                'strapping',
                'Galvanised wire buckles for tying off strapping by hand with no sealer needed. Reusable for low-volume jobs.',
                fixedSizes(
                  [
                    ['13mm', '13mm', 4],
                    ['16mm', '16mm', 5],
                  ],
                  [250, 1000],
                ),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function labels(): SeedCategory {
  return category(
    'Labels',
    'labels',
    'labels',
    'Address labels, thermal shipping labels and warning labels for every parcel.',
    {
      children: [
        category(
          'Address Labels',
          'address-labels',
          'labels',
          'A4 sheet labels for laser and inkjet printers.',
          {
            products: [
              product(
                'a4-address-labels',
                'A4 Address Labels',
                'labels',
                'Matt white A4 sheets of self-adhesive labels for laser and inkjet printers. Compatible with common word-processor templates.',
                fixedSizes(
                  [
                    ['21 per sheet', '63.5x38.1mm', 8],
                    ['14 per sheet', '99.1x38.1mm', 8],
                    ['8 per sheet', '99.1x67.7mm', 8],
                  ],
                  [100, 500],
                ),
              ),
              product(
                'a4-parcel-labels',
                'A4 Parcel Labels',
                'labels',
                'Larger labels for printing courier and postage labels on an A4 printer. Permanent adhesive that stays put on polythene and board.',
                fixedSizes(
                  [
                    ['1 per sheet', '199.6x289.1mm', 8],
                    ['2 per sheet', '199.6x143.5mm', 8],
                    ['4 per sheet', '99.1x139mm', 8],
                  ],
                  [100, 500],
                ),
              ),
              product(
                'recycled-labels',
                'Recycled Paper Address Labels',
                'labels',
                'Address labels printed on 100% recycled paper with a natural off-white finish. A greener option for eco-conscious brands.',
                fixedSizes(
                  [
                    ['21 per sheet', '63.5x38.1mm', 10],
                    ['8 per sheet', '99.1x67.7mm', 10],
                  ],
                  [100, 500],
                ),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Shipping & Thermal Labels',
          'thermal-labels',
          'labels-thermal',
          'Direct thermal labels on rolls and fanfold for desktop label printers.',
          {
            products: [
              product(
                'thermal-4x6',
                'Direct Thermal Labels',
                'labels-thermal',
                'The standard 4 x 6 inch courier label for Zebra, Rollo and other direct thermal printers. No ink or ribbon needed. Crisp barcodes that scan first time.',
                flatSizes([[4, 6]], 0.0042, 0, [500, 2000, 4000]),
                { isFeatured: true },
              ),
              product(
                'thermal-fanfold',
                'Fanfold Thermal Labels',
                'labels-thermal',
                'Fanfold stacks that feed from behind the printer and never run out mid-roll. Ideal for high-volume dispatch.',
                flatSizes([[4, 6]], 0.004, 0, [1000, 4000]),
              ),
              product(
                'thermal-small',
                'Small Thermal Labels',
                'labels-thermal',
                'Small direct thermal labels for barcodes, prices and product identification. Available on 25mm cores for desktop printers.',
                flatSizes([[2, 1], [2, 2], [3, 2]], 0.006, 0, [1000, 5000]),
              ),
            ],
          },
        ),
        category(
          'Warning Labels',
          'warning-labels',
          'labels-fragile',
          'Fragile, this way up and handling labels that carriers recognise.',
          {
            products: [
              product(
                'fragile-labels',
                'Fragile Labels',
                'labels-fragile',
                "Bright red and white 'Fragile' labels with the broken glass symbol. Permanent adhesive on a roll for quick application.",
                fixedSizes(
                  [
                    ['4x2"', '102x51mm', 2],
                    ['6x4"', '152x102mm', 3],
                  ],
                  [500, 1000],
                ),
              ),
              product(
                'this-way-up-labels',
                'This Way Up Labels',
                'labels-fragile',
                'Orientation labels with the standard upward arrows, so liquids and delicate goods stay upright in transit. Apply one to at least two sides of the carton.',
                fixedSizes([['4x3"', '102x76mm', 2]], [500, 1000]),
              ),
              product(
                'handle-with-care-labels',
                'Handle With Care Labels',
                'labels-fragile',
                'Eye-catching amber labels for parcels that need gentle treatment. Sold on rolls of 500 for fast dispatch.',
                fixedSizes([['4x2"', '102x51mm', 2]], [500, 1000]),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function foodPackaging(): SeedCategory {
  return category(
    'Food Packaging',
    'food-packaging',
    'food-box',
    'Takeaway boxes, food trays, bakery boxes and cups for cafes, caterers and food producers.',
    {
      children: [
        category(
          'Food Trays',
          'food-trays',
          'food-tray',
          'Kraft, bagasse and foil trays for street food and ready meals.',
          {
            products: [
              product(
                'kraft-trays',
                'Kraft Food Trays',
                'food-tray',
                'Grease-resistant kraft card trays for chips, street food and snacks. Sturdy, stackable and recyclable when clean.',
                fixedSizes(
                  [
                    ['Small', '120x80x40mm', 4],
                    ['Medium', '160x100x45mm', 5],
                    ['Large', '200x130x50mm', 7],
                  ],
                  [100, 500],
                ),
              ),
              product(
                'bagasse-trays',
                'Bagasse Food Trays',
                'food-tray',
                'Compostable trays moulded from sugarcane fibre, strong enough for hot and saucy food. Microwave safe and fully plastic-free.',
                fixedSizes(
                  [
                    ['6"', '152x152mm', 6],
                    ['8"', '203x203mm', 8],
                  ],
                  [125, 500],
                ),
                { isNew: true },
              ),
              product(
                'foil-containers',
                'Foil Containers with Lids',
                'food-tray',
                'Classic aluminium takeaway containers with board lids. Oven and freezer safe, ideal for curries, pies and batch cooking.',
                fixedSizes(
                  [
                    ['No.2', '174x123x38mm', 5],
                    ['No.6a', '225x155x45mm', 8],
                  ],
                  [100, 500],
                ),
              ),
            ],
          },
        ),
        category(
          'Takeaway Boxes',
          'takeaway-boxes',
          'food-box',
          'Kraft takeaway boxes, burger boxes and pizza boxes.',
          {
            products: [
              product(
                'kraft-takeaway',
                'Kraft Takeaway Boxes',
                'food-box',
                'Leak-resistant kraft food boxes with a tuck-in lid, ideal for noodles, salads and hot meals. Grease-proof lining and stackable for delivery bags.',
                fixedSizes(
                  [
                    ['No.1', '110x90x50mm', 9],
                    ['No.2', '150x120x50mm', 11],
                    ['No.3', '215x160x50mm', 14],
                  ],
                  [50, 200],
                ),
                { isFeatured: true },
              ),
              product(
                'burger-boxes',
                'Kraft Burger Boxes',
                'food-box',
                'Clamshell burger boxes with vent holes to keep buns from going soggy. Recyclable kraft board with a grease-resistant coating.',
                boxSizes([[4, 4, 3], [5, 5, 3]], 0.15, [100, 500]),
              ),
              product(
                'pizza-boxes',
                'Pizza Boxes',
                'food-box',
                'Corrugated pizza boxes that keep the heat in and the crust crisp. Plain kraft outer ready for a stamp or sticker.',
                boxSizes([[10, 10, 1.5], [12, 12, 1.5], [14, 14, 1.5]], 0.05, [50, 100]),
              ),
            ],
          },
        ),
        category(
          'Cake & Bakery Boxes',
          'cake-bakery-boxes',
          'cake-box',
          'White cake boxes and window boxes for bakeries and home bakers.',
          {
            products: [
              product(
                'cake-boxes',
                'White Cake Boxes',
                'cake-box',
                'Food-grade white card cake boxes that fold up in seconds. Sturdy enough for celebration cakes and tall sponges.',
                boxSizes([[8, 8, 5], [10, 10, 5], [12, 12, 6]], 0.06, [10, 50]),
              ),
              product(
                'cupcake-boxes',
                'Cupcake Boxes with Inserts',
                'cake-box',
                'Window boxes with removable inserts that hold cupcakes in place. Available for 2, 4, 6 and 12 cupcakes.',
                fixedSizes(
                  [
                    ['2 cupcakes', '170x85x80mm', 35],
                    ['6 cupcakes', '250x170x80mm', 55],
                    ['12 cupcakes', '330x250x80mm', 79],
                  ],
                  [10, 50],
                ),
              ),
              product(
                'window-bakery-boxes',
                'Window Bakery Boxes',
                'cake-box',
                'Kraft bakery boxes with a clear window, perfect for pastries, cookies and traybakes on the counter. Grease-resistant board keeps the box looking smart all day.',
                boxSizes([[6, 6, 3], [8, 6, 3], [10, 8, 3]], 0.07, [25, 100]),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Cups & Lids',
          'cups-lids',
          'cup',
          'Single and double wall paper cups with matching lids.',
          {
            products: [
              product(
                'single-wall-cups',
                'Single Wall Paper Cups',
                'cup',
                'White paper cups for hot drinks, with a food-safe lining. Compatible with our sip-through lids.',
                fixedSizes(
                  [
                    ['8oz', '227ml', 4],
                    ['12oz', '340ml', 5],
                    ['16oz', '454ml', 6],
                  ],
                  [50, 1000],
                ),
                { link: 'double-wall-cups' },
              ),
              product(
                'double-wall-cups',
                'Double Wall Paper Cups',
                'cup',
                'Insulated double wall cups that stay cool to hold without a sleeve. A premium feel for coffee shops and events.',
                fixedSizes(
                  [
                    ['8oz', '227ml', 8],
                    ['12oz', '340ml', 10],
                    ['16oz', '454ml', 12],
                  ],
                  [25, 500],
                ),
                { link: 'single-wall-cups' },
              ),
              product(
                'cup-lids',
                'Sip-Through Cup Lids',
                'cup',
                'Snug-fitting domed lids with a sip-through spout. Fit our 8oz cups (80mm) and 12oz and 16oz cups (90mm).',
                fixedSizes(
                  [
                    ['80mm', '80mm', 2],
                    ['90mm', '90mm', 2],
                  ],
                  [100, 1000],
                ),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function warehouseStorage(): SeedCategory {
  return category(
    'Warehouse & Storage',
    'warehouse-storage',
    'storage-bin',
    'Picking bins, stacking containers, cutters and markers for the warehouse and packing room.',
    {
      children: [
        category(
          'Storage Bins',
          'storage-bins',
          'storage-bin',
          'Plastic picking bins and stacking containers for shelving and racking.',
          {
            products: [
              product(
                'picking-bins',
                'Plastic Picking Bins',
                'storage-bin',
                'Open-fronted picking bins that keep small parts visible and easy to grab. Stack on a bench or hang on louvre panels. Label holder on the front.',
                boxSizes([[4, 6, 3], [6, 9, 5], [8, 14, 7]], 0.35, [1, 10, 20]),
                { isFeatured: true },
              ),
              product(
                'euro-containers',
                'Euro Stacking Containers',
                'storage-bin',
                'Heavy duty polypropylene containers to the Euro footprint, stacking safely on pallets and racking. Built for years of warehouse use.',
                boxSizes([[16, 12, 7], [24, 16, 9]], 0.5, [1, 5, 10]),
              ),
              product(
                'lidded-containers',
                'Attached Lid Containers',
                'storage-bin',
                'Crates with hinged lids that nest when empty and stack when closed. Lids can be sealed with security tags for deliveries.',
                boxSizes([[16, 12, 10], [24, 16, 12]], 0.55, [1, 5, 10]),
              ),
            ],
          },
        ),
        category(
          'Cutters & Knives',
          'cutters-knives',
          'safety-knife',
          'Safety knives and cutters for opening and trimming boxes.',
          {
            products: [
              product(
                'safety-knife',
                'Retractable Safety Knives',
                'safety-knife',
                'Spring-loaded safety knives that retract the blade the moment it leaves the material. Reduces cut injuries in busy warehouses.',
                fixedSizes([['Standard', '150mm', 495]], [1, 10, 25]),
              ),
              product(
                'snap-off-cutters',
                'Snap-Off Blade Cutters',
                'safety-knife',
                'Lightweight cutters with snap-off blades that stay sharp all shift. Locking slider holds the blade steady.',
                fixedSizes(
                  [
                    ['9mm', '9mm', 89],
                    ['18mm', '18mm', 129],
                  ],
                  [10, 50],
                ),
              ),
              product(
                'trapezium-blades',
                'Replacement Trapezium Blades',
                'safety-knife',
                'Standard trapezium blades that fit most utility knives. Supplied in dispensers for safe storage and disposal.',
                fixedSizes([['Standard', '61x19mm', 12]], [10, 100]),
              ),
            ],
          },
        ),
        category(
          'Marker Pens',
          'marker-pens',
          'marker-pen',
          'Permanent markers for writing on boxes, bags and labels.',
          {
            products: [
              product(
                'permanent-markers',
                'Permanent Marker Pens',
                'marker-pen',
                'Quick-drying permanent markers that write on cardboard, plastic and film. Bullet tip for clear, bold lettering.',
                fixedSizes(
                  [
                    ['Black', 'Bullet tip 2mm', 45],
                    ['Blue', 'Bullet tip 2mm', 45],
                  ],
                  [10, 50],
                ),
              ),
              product(
                'chisel-markers',
                'Chisel Tip Marker Pens',
                'marker-pen',
                'Broad chisel tip markers for labelling boxes in large letters that can be read across a warehouse. Low-odour ink that will not smudge once dry.',
                fixedSizes([['Black', 'Chisel tip 2-5mm', 55]], [10, 50]),
              ),
              product(
                'assorted-markers',
                'Assorted Colour Markers',
                'marker-pen',
                'Mixed packs of red, blue, green and black markers for colour-coding stock and shelves. Permanent, quick-drying ink on board, film and labels.',
                fixedSizes([['Assorted', 'Bullet tip 2mm', 49]], [4, 12, 48]),
              ),
            ],
          },
        ),
      ],
    },
  );
}

function retailGift(): SeedCategory {
  return category(
    'Retail & Gift Packaging',
    'retail-gift-packaging',
    'gift-box',
    'Tissue paper, gift boxes and carrier bags for shops, makers and online brands.',
    {
      isNew: true,
      children: [
        category(
          'Tissue Paper',
          'tissue-paper',
          'tissue-paper',
          'Acid-free tissue paper for wrapping garments and gifts.',
          {
            products: [
              product(
                'tissue-white',
                'Acid-Free White Tissue Paper',
                'tissue-paper',
                'Soft 17gsm acid-free tissue that will not discolour fabrics or prints. Essential for boutique wrapping and protecting garments in storage.',
                flatSizes([[20, 30]], 0.0075, 0, [240, 480, 960]),
                { isFeatured: true },
              ),
              product(
                'tissue-coloured',
                'Coloured Tissue Paper',
                'tissue-paper',
                'Tissue paper in a range of bright and pastel shades to match your brand. Colour-fast and acid-free.',
                flatSizes([[20, 30]], 0.01, 0, [240, 480]),
              ),
              product(
                'tissue-recycled',
                'Recycled Tissue Paper',
                'tissue-paper',
                'Natural-look tissue made from recycled fibre with a soft, textured finish. Recyclable and compostable after use.',
                flatSizes([[20, 30]], 0.009, 0, [240, 480]),
                { isNew: true },
              ),
            ],
          },
        ),
        category(
          'Gift Boxes',
          'gift-boxes',
          'gift-box',
          'Rigid and folding gift boxes for presents, hampers and retail.',
          {
            isNew: true,
            products: [
              product(
                'magnetic-gift-boxes',
                'Magnetic Closure Gift Boxes',
                'gift-box',
                'Rigid gift boxes with a concealed magnetic flap, the premium choice for luxury goods and corporate gifts. Supplied flat with a ribbon option.',
                boxSizes([[6, 6, 3], [9, 7, 3], [12, 9, 4]], 0.7, [1, 10, 25]),
                { isNew: true },
              ),
              product(
                'gift-box-lid',
                'Two-Piece Gift Boxes with Lids',
                'gift-box',
                'Classic base and lid gift boxes in smooth card. Add tissue paper and a sticker for a beautiful presentation.',
                boxSizes([[4, 4, 2], [6, 6, 3], [8, 8, 4]], 0.4, [10, 25, 50]),
              ),
              product(
                'kraft-gift-boxes',
                'Kraft Gift Boxes',
                'gift-box',
                'Natural kraft folding gift boxes with a rustic, eco-friendly look. Perfect for soaps, candles and handmade goods.',
                boxSizes([[4, 4, 4], [6, 4, 3], [8, 6, 4]], 0.3, [10, 25, 50]),
              ),
            ],
          },
        ),
        category(
          'Carrier Bags',
          'carrier-bags',
          'carrier-bag',
          'Paper carrier bags with twisted or flat handles.',
          {
            products: [
              product(
                'kraft-carrier',
                'Twisted Handle Kraft Carrier Bags',
                'carrier-bag',
                'Strong brown kraft carrier bags with twisted paper handles. Carries up to 8kg and fully recyclable.',
                fixedSizes(
                  [
                    ['Small', '180x80x220mm', 16],
                    ['Medium', '250x110x310mm', 21],
                    ['Large', '320x140x420mm', 28],
                  ],
                  [50, 250],
                ),
                { link: 'white-carrier' },
              ),
              product(
                'white-carrier',
                'White Paper Carrier Bags',
                'carrier-bag-white',
                'Bright white paper carrier bags with twisted handles, ready for your logo stamp or sticker. A clean, upmarket look at the till.',
                fixedSizes(
                  [
                    ['Small', '180x80x220mm', 18],
                    ['Medium', '250x110x310mm', 23],
                    ['Large', '320x140x420mm', 31],
                  ],
                  [50, 250],
                ),
                { link: 'kraft-carrier' },
              ),
              product(
                'flat-handle-bags',
                'Flat Handle Paper Bags',
                'carrier-bag',
                'Economy paper bags with flat tape handles for takeaway, grocery and market stalls. Quick to open and stack at the counter.',
                fixedSizes(
                  [
                    ['Medium', '260x170x290mm', 11],
                    ['Large', '320x170x290mm', 13],
                  ],
                  [250, 500],
                ),
              ),
            ],
          },
        ),
      ],
    },
  );
}

/** The whole demo catalogue tree, in menu order. */
export function demoCatalogue(): SeedCategory[] {
  return [
    cardboardBoxes(),
    postalAndMailing(),
    envelopes(),
    protectivePackaging(),
    voidFill(),
    packingTape(),
    palletWrap(),
    labels(),
    foodPackaging(),
    warehouseStorage(),
    retailGift(),
  ];
}
