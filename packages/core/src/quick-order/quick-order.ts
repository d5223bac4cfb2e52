/**
 * Quick order (docs/quick-order.md): product codes with numbers of packs, typed, pasted or from a
 * CSV file, checked line by line and added to the basket in one step; the answer says which lines
 * went in and, for each that did not, its line, its code and why.
 *
 * Each line is checked against the catalogue here (a known, active product code; a size and pack
 * of it, as the product page prints them; a whole number of packs), then goes through the
 * basket's own add (CartService.add), so the basket's rules decide the rest exactly as they do for
 * 'Add +' on the product page: a pack not for sale, more than 1000 packs on a line, or more than
 * can be had of a size without backorders (the stock check's own message) is refused for that
 * line only. Packs are added to what the basket holds, as 'Add +' adds them. Not one transaction:
 * what is right is added even when other lines are wrong, which is the point.
 */
import { inArray, sql } from 'drizzle-orm';
import { productPrices, products, productSizes, type Database } from '@shop/db';
import { quickOrderMessages, QUICK_ORDER_LINES_MAX, type QuickOrderAddedDto, type QuickOrderNotAddedDto, type QuickOrderRequest, type QuickOrderResultDto } from '@shop/contract';
import type { CartService } from '../cart/cart-service.ts';
import type { CartOwner } from '../cart/cart-repository.ts';
import { MAX_PACKS_PER_LINE } from '../cart/cart-repository.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { DomainError, Invalid } from '../errors.ts';
import { quickOrderLines, type QuickOrderLine } from './quick-order-lines.ts';

/** Why a line was not added, when the catalogue or the line itself says so (the basket's refusals use its own messages). */
export const quickOrderReasons = {
  noCode: 'No product code: start the line with the code printed on the product page.',
  unknownCode: (code: string) => `Unknown product code ${code}: check it against the product page.`,
  notSold: (name: string) => `${name} is no longer sold.`,
  noPacks: (name: string) => `${name} cannot be ordered online at the moment.`,
  noQuantity: 'No number of packs: end the line with how many packs you want.',
  quantity: (typed: string) => `"${typed}" is not a number of packs: write a whole number from 1 to ${MAX_PACKS_PER_LINE}.`,
  whichSize: (name: string, sizes: string) => `${name} comes in several sizes: add the size (${sizes}).`,
  unknownSize: (name: string, typed: string, sizes: string) => `${name} has no size "${typed}": it comes in ${sizes}.`,
  whichPack: (item: string, packs: string) => `${item} comes in ${packs}: add the pack (the units in it).`,
  unknownPack: (item: string, typed: string, packs: string) => `${item} has no pack "${typed}": it comes in ${packs}.`,
} as const;

/** A product found by its code, with its sizes and their packs in the product page's order. */
interface CodedProduct {
  productId: number;
  code: string;
  name: string;
  isActive: boolean;
  sizes: { size1: string; size2: string; packs: { productPriceId: number; qty: number }[] }[];
}

/** A line the catalogue accepts: the pack and the number of packs to add. */
interface ResolvedLine {
  productId: number;
  productPriceId: number;
  qty: number;
  count: number;
  itemName: string;
}

export class QuickOrder {
  constructor(
    private readonly db: Database,
    private readonly carts: CartService,
  ) {}

  /**
   * Checks each line and adds the right ones to the owner's basket. A request with no line, or
   * more than QUICK_ORDER_LINES_MAX, is refused whole (Invalid) and adds nothing.
   */
  async add(owner: CartOwner, request: Pick<QuickOrderRequest, 'rows' | 'text' | 'csv'>): Promise<QuickOrderResultDto> {
    const lines = quickOrderLines(request);
    if (lines.length === 0) throw new Invalid(quickOrderMessages.nothing);
    if (lines.length > QUICK_ORDER_LINES_MAX) throw new Invalid(quickOrderMessages.tooMany);
    const catalogue = await this.productsByCode(lines.map((line) => line.code).filter(Boolean));
    const added: QuickOrderAddedDto[] = [];
    const notAdded: QuickOrderNotAddedDto[] = [];
    const caller = owner.kind === 'user' ? owner.userId : null;
    const sessionId = owner.kind === 'session' ? owner.sessionId : undefined;
    for (const line of lines) {
      const refuse = (reason: string) => notAdded.push({ source: line.source, line: line.line, code: line.code, text: line.text, reason });
      const resolved = resolveLine(line, catalogue);
      if (typeof resolved === 'string') {
        refuse(resolved);
        continue;
      }
      try {
        await this.carts.add(caller, {
          product_id: resolved.productId,
          product_price_id: resolved.productPriceId,
          qty: resolved.qty,
          count: resolved.count,
          ...(sessionId ? { session_id: sessionId } : {}),
        });
      } catch (error) {
        // The basket's refusals of this line (not for sale, too many packs, not enough stock); anything else fails the request.
        if (error instanceof DomainError && (error.code === 'invalid_request' || error.code === 'conflict')) {
          refuse(error.message);
          continue;
        }
        throw error;
      }
      added.push({
        source: line.source,
        line: line.line,
        code: line.code,
        product_id: resolved.productId,
        product_price_id: resolved.productPriceId,
        item_name: resolved.itemName,
        qty: resolved.qty,
        count: resolved.count,
      });
    }
    return { ...(await this.carts.cartOf(owner)), added, not_added: notAdded };
  }

  /** The products of these codes (compared without case), by lower-case code, in one statement. */
  private async productsByCode(codes: readonly string[]): Promise<Map<string, CodedProduct>> {
    const found = new Map<string, CodedProduct>();
    const wanted = [...new Set(codes.map((code) => code.toLowerCase()))];
    if (wanted.length === 0) return found;
    const rows = await this.db
      .select({
        productId: products.productId,
        code: products.productCode,
        name: products.name,
        isActive: products.isActive,
        productSizeId: productSizes.productSizeId,
        size1: productSizes.size1,
        size2: productSizes.size2,
        productPriceId: productPrices.productPriceId,
        packRange: productPrices.packRange,
      })
      .from(products)
      .leftJoin(productSizes, sql`${productSizes.productId} = ${products.productId}`)
      .leftJoin(productPrices, sql`${productPrices.productSizeId} = ${productSizes.productSizeId}`)
      .where(inArray(sql`lower(${products.productCode})`, wanted))
      .orderBy(products.productId, productSizes.sortOrder, productSizes.productSizeId, productPrices.sortOrder, productPrices.productPriceId);
    const sizeIndex = new Map<number, CodedProduct['sizes'][number]>();
    for (const row of rows) {
      const key = row.code.toLowerCase();
      let product = found.get(key);
      if (!product) {
        product = { productId: row.productId, code: row.code, name: row.name, isActive: row.isActive, sizes: [] };
        found.set(key, product);
      }
      if (row.productSizeId === null || row.size1 === null) continue;
      let size = sizeIndex.get(row.productSizeId);
      if (!size) {
        size = { size1: row.size1, size2: row.size2 ?? '', packs: [] };
        sizeIndex.set(row.productSizeId, size);
        product.sizes.push(size);
      }
      if (row.productPriceId !== null && row.packRange?.[0] !== undefined) size.packs.push({ productPriceId: row.productPriceId, qty: row.packRange[0] });
    }
    return found;
  }
}

/** The pack and packs a line asks for, or why it cannot be added. */
function resolveLine(line: QuickOrderLine, catalogue: Map<string, CodedProduct>): ResolvedLine | string {
  if (line.problem) return line.problem;
  if (!line.code) return quickOrderReasons.noCode;
  const product = catalogue.get(line.code.toLowerCase());
  if (!product) return quickOrderReasons.unknownCode(line.code);
  if (!product.isActive) return quickOrderReasons.notSold(product.name);
  const sizes = product.sizes.filter((size) => size.packs.length > 0);
  if (sizes.length === 0) return quickOrderReasons.noPacks(product.name);
  const sizeList = listOf(sizes.map((size) => size.size1));

  // The size and the pack: named apart, or together in `between` (a size, a pack, or a size then a pack).
  let size: CodedProduct['sizes'][number] | undefined;
  let packText = line.pack;
  if (line.size !== null) {
    size = sizeNamed(sizes, line.size);
    if (!size) return quickOrderReasons.unknownSize(product.name, line.size, sizeList);
  } else if (line.between !== null) {
    size = sizeNamed(sizes, line.between);
    if (!size) {
      const split = /^(.*\S)\s+(\S+)$/.exec(line.between);
      const withPack = split ? sizeNamed(sizes, split[1]!) : undefined;
      if (withPack && packUnits(split![2]!) !== null) {
        size = withPack;
        packText = split![2]!;
      } else if (sizes.length === 1 && packUnits(line.between) !== null) {
        size = sizes[0];
        packText = line.between;
      } else {
        return quickOrderReasons.unknownSize(product.name, line.between, sizeList);
      }
    }
  } else if (sizes.length === 1) {
    size = sizes[0];
  } else {
    return quickOrderReasons.whichSize(product.name, sizeList);
  }
  const chosen = size!;
  const item = itemDisplayName(product.name, chosen.size1);
  const packList = `packs of ${listOf(chosen.packs.map((pack) => String(pack.qty)))}`;
  let pack: { productPriceId: number; qty: number } | undefined;
  if (packText !== null) {
    const units = packUnits(packText);
    pack = units === null ? undefined : chosen.packs.find((candidate) => candidate.qty === units);
    if (!pack) return quickOrderReasons.unknownPack(item, packText, packList);
  } else if (chosen.packs.length === 1) {
    pack = chosen.packs[0];
  } else {
    return quickOrderReasons.whichPack(item, packList);
  }

  if (line.quantity === null) return quickOrderReasons.noQuantity;
  const count = /^\d{1,7}$/.test(line.quantity) ? Number(line.quantity) : NaN;
  if (!(count >= 1 && count <= MAX_PACKS_PER_LINE)) return quickOrderReasons.quantity(line.quantity);
  return { productId: product.productId, productPriceId: pack!.productPriceId, qty: pack!.qty, count, itemName: item };
}

/**
 * A size as typed, compared with the product page's label (size1) and the metric size (size2):
 * without case, spaces or inch marks, so `12x9x6`, `12 x 9 x 6"` and `12X9X6”` are all 12x9x6".
 */
function sizeNamed<S extends { size1: string; size2: string }>(sizes: readonly S[], typed: string): S | undefined {
  const key = sizeKey(typed);
  if (key === '') return undefined;
  return sizes.find((size) => sizeKey(size.size1) === key) ?? sizes.find((size) => size.size2 !== '' && sizeKey(size.size2) === key);
}

function sizeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[×]/g, 'x')
    .replace(/["'”“″′]|\s+|inch(es)?/g, '');
}

/** Units in a pack as typed: `25`, `Pack of 25`, `x25`, `25s` or `25 units`; null when it is none of those. */
function packUnits(typed: string): number | null {
  const match = /^(?:pack\s*of\s*|x\s*)?(\d{1,7})\s*(?:s|units?|pcs?)?$/i.exec(typed.trim());
  return match ? Number(match[1]) : null;
}

/** "a, b and c". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
