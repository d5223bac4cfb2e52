/**
 * Shopping lists (docs/quick-order.md): a customer saves their basket as a named list, sees,
 * renames and deletes their lists, and puts a list back in the basket, being told what could not
 * go in (a pack no longer sold, or the basket's own refusal, such as not enough stock).
 *
 * Who may see and use a list is decided by `listsVisibleTo` (and who may rename or delete one by
 * `listsChangeableBy`), and every statement here that reads or changes a list goes through them:
 * a list outside them does not exist for that customer (NotFound, never Forbidden, so ids reveal
 * nothing).
 *
 * Adding a list follows "Order again" (orders/reorder.ts): a pack already in the basket keeps the
 * larger of the two counts, never the sum, so adding a list twice does not double the order; each
 * line goes through the basket's own add (its checks and limits).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { productPrices, products, shoppingListLines, shoppingLists, users, type Database } from '@shop/db';
import { shoppingListMessages, shoppingListNameSchema, type AddListToBasketResultDto, type ShoppingListDto, type ShoppingListSummaryDto } from '@shop/contract';
import { mergedCount } from '../cart/basket-merge.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CartOwner } from '../cart/cart-repository.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import type { CustomerPrices } from '../pricing/customer-prices.ts';
import { penceToPounds } from '../pricing/money.ts';
import { DomainError, Invalid, NotFound } from '../errors.ts';
import { isoSeconds } from '../iso-time.ts';
import { companyOfUser } from '../companies/company-access.ts';

/**
 * THE rule of which lists a customer can see and add to their basket: a condition on
 * `shopping_lists`. A list is its owner's, and shared inside the owner's company
 * (docs/companies.md): every member sees the lists the others saved.
 */
export function listsVisibleTo(customerId: number): SQL {
  return sql`(${shoppingLists.ownerUserId} = ${customerId}
          OR ${shoppingLists.ownerUserId} IN (SELECT m.user_id FROM company_members m WHERE m.company_id = ${companyOfUser(customerId)}))`;
}

/**
 * Which lists a customer may rename or delete: their own, and, for a company's admin, every list
 * of the company (a list another member relies on is not for a buyer or viewer to remove).
 */
export function listsChangeableBy(customerId: number): SQL {
  return sql`(${shoppingLists.ownerUserId} = ${customerId}
          OR (${shoppingLists.ownerUserId} IN (SELECT m.user_id FROM company_members m WHERE m.company_id = ${companyOfUser(customerId)})
              AND EXISTS (SELECT 1 FROM company_members a WHERE a.user_id = ${customerId} AND a.role = 'admin')))`;
}

/** The most lists one customer keeps, and lines on one list (a basket has at most 1000 lines). */
export const SHOPPING_LISTS_MAX = 200;

export const shoppingListReasons = {
  notSold: (item: string) => `${item} is no longer sold.`,
  tooMany: `You can keep at most ${SHOPPING_LISTS_MAX} shopping lists: delete one you no longer use first.`,
} as const;

export class ShoppingLists {
  constructor(
    private readonly db: Database,
    private readonly carts: CartService,
    private readonly customerPrices?: Pick<CustomerPrices, 'cartLines'>,
  ) {}

  /** The lists the customer can see, the most recently changed first. */
  async listsOf(customerId: number): Promise<ShoppingListSummaryDto[]> {
    const rows = await summaries(this.db, customerId);
    return rows.map(toSummary);
  }

  /** One list with its lines and today's prices; NotFound when the customer cannot see it. */
  async list(customerId: number, listId: number): Promise<ShoppingListDto> {
    const [summary] = await summaries(this.db, customerId, listId);
    if (!summary) throw new NotFound(shoppingListMessages.notFound);
    const rows = await this.db
      .select({
        productId: shoppingListLines.productId,
        productPriceId: shoppingListLines.productPriceId,
        productName: shoppingListLines.productName,
        size1: shoppingListLines.size1,
        qty: shoppingListLines.qty,
        count: shoppingListLines.count,
        productCode: products.productCode,
        pricePence: productPrices.pricePence,
        // Still sold as saved: the product on sale and the pack's units still one of its quantities.
        onSale: sql<boolean>`coalesce(${products.isActive} AND ${shoppingListLines.qty} = ANY (${productPrices.packRange}), false)`,
      })
      .from(shoppingListLines)
      .leftJoin(productPrices, eq(productPrices.productPriceId, shoppingListLines.productPriceId))
      .leftJoin(products, eq(products.productId, productPrices.productId))
      .where(eq(shoppingListLines.shoppingListId, listId))
      .orderBy(asc(shoppingListLines.position), asc(shoppingListLines.shoppingListLineId));
    const forSale = rows.flatMap((row) =>
      row.onSale && row.productPriceId !== null && row.pricePence !== null ? [{ productPriceId: row.productPriceId, pricePence: row.pricePence, qty: row.qty }] : [],
    );
    // The customer's own prices where a price list gives them, as the basket shows them.
    const priced = this.customerPrices ? await this.customerPrices.cartLines(customerId, forSale) : forSale;
    const priceOf = new Map(priced.map((line) => [line.productPriceId, line.pricePence]));
    return {
      ...toSummary(summary),
      items: rows.map((row) => {
        const pence = row.productPriceId === null ? undefined : priceOf.get(row.productPriceId);
        return {
          product_id: row.productId,
          product_price_id: row.productPriceId,
          product_code: row.productCode,
          item_name: itemDisplayName(row.productName, row.size1),
          size1: row.size1,
          qty: row.qty,
          count: row.count,
          price: pence === undefined ? null : penceToPounds(pence),
          on_sale: pence !== undefined,
        };
      }),
    };
  }

  /** Saves the customer's basket as a new list named `name`; Invalid when the basket is empty. */
  async saveBasket(customerId: number, typedName: string): Promise<ShoppingListSummaryDto> {
    const name = listName(typedName);
    const basket = await this.carts.repository.contents({ kind: 'user', userId: customerId });
    const lines = basket?.lines ?? [];
    if (lines.length === 0) throw new Invalid(shoppingListMessages.emptyBasket);
    const listId = await this.db.transaction(async (tx) => {
      // Counted under the customer's row lock, so two saves at once cannot pass the limit together.
      await tx.execute(sql`SELECT 1 FROM users WHERE user_id = ${customerId} FOR UPDATE`);
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: sql<number>`count(*)::int` })
        .from(shoppingLists)
        .where(eq(shoppingLists.ownerUserId, customerId));
      if (Number(kept) >= SHOPPING_LISTS_MAX) throw new Invalid(shoppingListReasons.tooMany);
      const [list] = await tx.insert(shoppingLists).values({ ownerUserId: customerId, name }).returning({ id: shoppingLists.shoppingListId });
      await tx.insert(shoppingListLines).values(
        lines.map((line, position) => ({
          shoppingListId: list!.id,
          productId: line.productId,
          productPriceId: line.productPriceId,
          productName: line.productName,
          size1: line.size1,
          qty: line.qty,
          count: line.count,
          position,
        })),
      );
      return list!.id;
    });
    const [summary] = await summaries(this.db, customerId, listId);
    return toSummary(summary!);
  }

  /** Renames a list the customer may change (listsChangeableBy); NotFound otherwise. */
  async rename(customerId: number, listId: number, typedName: string): Promise<ShoppingListSummaryDto> {
    const name = listName(typedName);
    const changed = await this.db
      .update(shoppingLists)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(shoppingLists.shoppingListId, listId), listsChangeableBy(customerId)))
      .returning({ id: shoppingLists.shoppingListId });
    if (changed.length === 0) throw new NotFound(shoppingListMessages.notFound);
    const [summary] = await summaries(this.db, customerId, listId);
    return toSummary(summary!);
  }

  /** Deletes a list the customer may change (its lines with it); NotFound otherwise. */
  async delete(customerId: number, listId: number): Promise<void> {
    const deleted = await this.db
      .delete(shoppingLists)
      .where(and(eq(shoppingLists.shoppingListId, listId), listsChangeableBy(customerId)))
      .returning({ id: shoppingLists.shoppingListId });
    if (deleted.length === 0) throw new NotFound(shoppingListMessages.notFound);
  }

  /**
   * Puts a list the customer can see into their basket: each line still on sale goes in (a pack
   * already there keeps the larger count); each that cannot is named with why. NotFound when the
   * customer cannot see the list.
   */
  async addToBasket(customerId: number, listId: number): Promise<AddListToBasketResultDto & { name: string }> {
    const list = await this.list(customerId, listId);
    const owner: CartOwner = { kind: 'user', userId: customerId };
    const notAdded: AddListToBasketResultDto['not_added'] = [];
    let added = 0;
    for (const line of list.items) {
      const refuse = (reason: string) => notAdded.push({ item_name: line.item_name, qty: line.qty, count: line.count, reason });
      if (!line.on_sale || line.product_id === null || line.product_price_id === null) {
        refuse(shoppingListReasons.notSold(line.item_name));
        continue;
      }
      const already = await this.carts.repository.countOf(owner, line.product_price_id);
      const wanted = mergedCount(already, line.count);
      if (wanted > already) {
        try {
          await this.carts.add(customerId, { product_id: line.product_id, product_price_id: line.product_price_id, qty: line.qty, count: wanted - already });
        } catch (error) {
          if (error instanceof DomainError && (error.code === 'invalid_request' || error.code === 'conflict')) {
            refuse(error.message);
            continue;
          }
          throw error;
        }
      }
      added++;
    }
    return { ...(await this.carts.cartOf(owner)), added, not_added: notAdded, name: list.name };
  }
}

/** Summaries of the lists the customer can see (or of one of them). */
function summaries(db: Database, customerId: number, listId?: number) {
  return db
    .select({
      listId: shoppingLists.shoppingListId,
      name: shoppingLists.name,
      createdAt: shoppingLists.createdAt,
      updatedAt: shoppingLists.updatedAt,
      savedBy: users.firstName,
      lines: sql<number>`(SELECT count(*) FROM shopping_list_lines sl WHERE sl.shopping_list_id = ${shoppingLists.shoppingListId})::int`,
      packs: sql<number>`(SELECT coalesce(sum(sl.count), 0) FROM shopping_list_lines sl WHERE sl.shopping_list_id = ${shoppingLists.shoppingListId})::int`,
    })
    .from(shoppingLists)
    .innerJoin(users, eq(users.userId, shoppingLists.ownerUserId))
    .where(listId === undefined ? listsVisibleTo(customerId) : and(eq(shoppingLists.shoppingListId, listId), listsVisibleTo(customerId)))
    .orderBy(sql`${shoppingLists.updatedAt} DESC`, asc(shoppingLists.shoppingListId));
}

/**
 * The lists a customer saved (owner, not whoever may see them), with their lines as saved: what
 * the customer's data download holds of their lists.
 */
export async function shoppingListsSavedBy(db: Database, userId: number) {
  const rows = await db
    .select({
      listId: shoppingLists.shoppingListId,
      name: shoppingLists.name,
      createdAt: shoppingLists.createdAt,
      productName: shoppingListLines.productName,
      size1: shoppingListLines.size1,
      qty: shoppingListLines.qty,
      count: shoppingListLines.count,
    })
    .from(shoppingLists)
    .leftJoin(shoppingListLines, eq(shoppingListLines.shoppingListId, shoppingLists.shoppingListId))
    .where(eq(shoppingLists.ownerUserId, userId))
    .orderBy(asc(shoppingLists.shoppingListId), asc(shoppingListLines.position));
  const lists = new Map<number, { name: string; saved: string; lines: { item: string; pack_of: number; packs: number }[] }>();
  for (const row of rows) {
    let list = lists.get(row.listId);
    if (!list) {
      list = { name: row.name, saved: isoSeconds(row.createdAt), lines: [] };
      lists.set(row.listId, list);
    }
    if (row.productName !== null && row.size1 !== null && row.qty !== null && row.count !== null) {
      list.lines.push({ item: itemDisplayName(row.productName, row.size1), pack_of: row.qty, packs: row.count });
    }
  }
  return [...lists.values()];
}

/** A list's name by the form's rule (trimmed, 1-100 characters); Invalid, naming the field, otherwise. */
function listName(typed: string): string {
  const checked = shoppingListNameSchema.shape.name.safeParse(typed);
  if (!checked.success) throw new Invalid(shoppingListMessages.name, { fields: [{ field: 'name', message: shoppingListMessages.name }] });
  return checked.data;
}

type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

function toSummary(row: SummaryRow): ShoppingListSummaryDto {
  return {
    list_id: row.listId,
    name: row.name,
    lines: Number(row.lines),
    packs: Number(row.packs),
    created: isoSeconds(row.createdAt),
    updated: isoSeconds(row.updatedAt),
    saved_by: row.savedBy,
  };
}
