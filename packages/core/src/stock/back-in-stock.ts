/**
 * "Email me when it is back in stock" (docs/stock.md): a size that is out (less than its smallest
 * pack available, no backorders) takes requests, one open request per e-mail (without case) and
 * size; a signed-in customer's uses their account's e-mail, a visitor's the one they typed with
 * the consent box ticked.
 *
 * When a stock movement raises a size's available units (goods-in, a count, a return, an order
 * released: `applyMovement`), the size's open requests are closed and one e-mail job each is
 * recorded, in that movement's transaction and one statement: the job exists exactly when the
 * stock does, and its dedupe key (`back-in-stock:<request id>`) means one e-mail per request, however many
 * processes or restarts. The job sends the e-mail and then deletes the request: the address is
 * used for nothing else. Closing an account deletes the requests of its user and its e-mail
 * (`deleteBackInStockRequestsOf`); a job whose request has gone sends nothing.
 */
import { sql } from 'drizzle-orm';
import { backInStockRequests, columnsOf, products, productSizes, queryRows, users, type Database, type Executor, type Row } from '@shop/db';
import { backInStockMessages, itemDisplayName } from '@shop/contract';
import { Conflict, NotFound } from '../errors.ts';
import type { JobKind } from '../jobs/job-worker.ts';
import type { Mailer, MailMessage } from '../email/mailer.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { emailPage, escapeHtml } from '../email/short-message.ts';
import { isoSeconds } from '../iso-time.ts';

export const BACK_IN_STOCK_JOB = 'email.back-in-stock';

/** Who asks: a signed-in customer (their account's e-mail) or a visitor (the e-mail typed, consent given). */
export type BackInStockAsker = { kind: 'customer'; userId: number } | { kind: 'visitor'; email: string };

export interface BackInStockAnswer {
  /** False when the same e-mail already waits for this size. */
  noted: boolean;
  /** The item as the customer reads it ("Single Wall Box 12x9x6"). */
  item: string;
  /** What the page says. */
  message: string;
}

/** A customer's request, as their data download lists it. */
export interface BackInStockRequestRow {
  productId: number;
  item: string;
  email: string;
  requestedAt: string;
  /** When the size came back (the e-mail is on its way); null while waiting. */
  closedAt: string | null;
}

const REQUEST = columnsOf(backInStockRequests, ['backInStockRequestId', 'email', 'createdAt', 'closedAt'], 'r');
const SIZE = columnsOf(productSizes, ['productSizeId', 'size1'], 'z');
const PRODUCT = columnsOf(products, ['productId', 'name', 'isActive'], 'p');
/** The size's availability as one figure, and its smallest pack: computed, so typed here. */
type SizeAvailability = { tracked: boolean; available: number | null; pack: number | null; backorders: boolean | null };

export class BackInStockRequests {
  constructor(private readonly db: Database) {}

  /** Notes a request for a size that is out; Conflict when it can be bought now, NotFound when there is no such size on sale. */
  async ask(productSizeId: number, asker: BackInStockAsker): Promise<BackInStockAnswer> {
    return this.db.transaction(async (tx) => {
      const email = asker.kind === 'visitor' ? asker.email.trim() : await accountEmailOf(tx, asker.userId);
      // Locked for share: a goods-in of this size waits for this request (or this waits for it), so
      // a request is never noted just after the size came back, waiting for the next delivery.
      await tx.execute(sql`SELECT 1 FROM stock_levels WHERE product_size_id = ${productSizeId} FOR SHARE`);
      const [raw] = await queryRows<SizeAvailability>(
        tx,
        sql`SELECT ${SIZE.list}, ${PRODUCT.list},
                   s.product_size_id IS NOT NULL AS tracked, s.on_hand - s.allocated AS available,
                   (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id) AS pack,
                   st.backorders_allowed AS backorders
            FROM product_sizes z JOIN products p ON p.product_id = z.product_id
            LEFT JOIN stock_levels s ON s.product_size_id = z.product_size_id
            LEFT JOIN product_stock_settings st ON st.product_id = p.product_id
            WHERE z.product_size_id = ${productSizeId}`,
      );
      if (!raw || !PRODUCT.read(raw).isActive) throw new NotFound(backInStockMessages.size);
      const item = itemDisplayName(PRODUCT.read(raw).name, SIZE.read(raw).size1);
      if (!raw.tracked) throw new Conflict(backInStockMessages.notTracked);
      if (Number(raw.available) >= Number(raw.pack ?? 1)) throw new Conflict(backInStockMessages.inStock);
      if (raw.backorders) throw new Conflict(backInStockMessages.backorder);
      const inserted = await queryRows<Pick<Row<typeof backInStockRequests>, 'backInStockRequestId'>>(
        tx,
        sql`INSERT INTO back_in_stock_requests (product_size_id, email, user_id)
            VALUES (${productSizeId}, ${email}, ${asker.kind === 'customer' ? asker.userId : null})
            ON CONFLICT (product_size_id, lower(email)) WHERE closed_at IS NULL DO NOTHING
            RETURNING back_in_stock_request_id AS "backInStockRequestId"`,
      );
      const noted = inserted.length > 0;
      return { noted, item, message: noted ? backInStockMessages.noted(item) : backInStockMessages.alreadyNoted(item) };
    });
  }

  /** The sizes of a product the signed-in customer already waits for (the page says so instead of offering the button). */
  async waitingSizesOf(userId: number, productId: number): Promise<number[]> {
    const rows = await queryRows<Pick<Row<typeof backInStockRequests>, 'productSizeId'>>(
      this.db,
      sql`SELECT r.product_size_id AS "productSizeId"
          FROM back_in_stock_requests r JOIN product_sizes z ON z.product_size_id = r.product_size_id
          WHERE z.product_id = ${productId} AND r.closed_at IS NULL
            AND (r.user_id = ${userId} OR lower(r.email) = (SELECT lower(email) FROM users WHERE user_id = ${userId}))`,
    );
    return rows.map((row) => Number(row.productSizeId));
  }

  /** The job that e-mails one request whose size came back, then deletes it. */
  jobKinds(deps: { shop: ShopConfig; mailer: Mailer; publicBaseUrl: string; log?: { info(details: object, message: string): void } }): Record<string, JobKind> {
    const base = deps.publicBaseUrl.replace(/\/+$/, '');
    return {
      [BACK_IN_STOCK_JOB]: {
        run: async (job) => {
          const requestId = Number(job.payload.requestId);
          const [raw] = await queryRows<object>(
            this.db,
            sql`SELECT ${REQUEST.list}, ${SIZE.list}, ${PRODUCT.list}
                FROM back_in_stock_requests r
                JOIN product_sizes z ON z.product_size_id = r.product_size_id JOIN products p ON p.product_id = z.product_id
                WHERE r.back_in_stock_request_id = ${requestId} AND r.closed_at IS NOT NULL`,
          );
          // Deleted since (the account closed): nobody to write to.
          if (!raw) {
            deps.log?.info({ requestId, jobId: job.jobId }, 'back-in-stock request gone: not e-mailed');
            return;
          }
          const { email } = REQUEST.read(raw);
          const { productId, name } = PRODUCT.read(raw);
          const { productSizeId, size1 } = SIZE.read(raw);
          await deps.mailer.send({
            ...backInStockEmail({
              shop: deps.shop,
              to: email,
              item: itemDisplayName(name, size1),
              productUrl: `${base}/product-detail?productCode=${productId}&size=${productSizeId}`,
            }),
            messageId: `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${deps.shop.email.split('@')[1] || 'localhost'}>`,
          });
          await this.db.execute(sql`DELETE FROM back_in_stock_requests WHERE back_in_stock_request_id = ${requestId}`);
          deps.log?.info({ requestId, jobId: job.jobId }, 'back-in-stock e-mail sent');
        },
      },
    };
  }
}

/** The customer's requests (by their account or their account's e-mail), oldest first: their data download. */
export async function backInStockRequestsOf(executor: Executor, userId: number): Promise<BackInStockRequestRow[]> {
  const rows = await queryRows<object>(
    executor,
    sql`SELECT ${REQUEST.list}, ${SIZE.list}, ${PRODUCT.list}
        FROM back_in_stock_requests r
        JOIN product_sizes z ON z.product_size_id = r.product_size_id JOIN products p ON p.product_id = z.product_id
        WHERE r.user_id = ${userId} OR lower(r.email) = (SELECT lower(email) FROM users WHERE user_id = ${userId})
        ORDER BY r.back_in_stock_request_id`,
  );
  return rows.map((raw) => {
    const request = REQUEST.read(raw);
    const product = PRODUCT.read(raw);
    return {
      productId: product.productId,
      item: itemDisplayName(product.name, SIZE.read(raw).size1),
      email: request.email,
      requestedAt: isoSeconds(request.createdAt),
      closedAt: request.closedAt === null ? null : isoSeconds(request.closedAt),
    };
  });
}

const ACCOUNT_EMAIL = columnsOf(users, ['email']);

/** A signed-in customer's e-mail; NotFound for a closed or unknown account. */
async function accountEmailOf(tx: Executor, userId: number): Promise<string> {
  const [row] = await queryRows<object>(tx, sql`SELECT ${ACCOUNT_EMAIL.list} FROM users WHERE user_id = ${userId} AND closed_at IS NULL`);
  if (!row) throw new NotFound('There is no such customer.');
  return ACCOUNT_EMAIL.read(row).email;
}

/**
 * The size's open requests closed and their e-mails recorded, when at least its smallest pack is
 * available now and its product is on sale; one statement in the caller's transaction (after the
 * movement that raised the stock, whose row lock it runs under). Answers how many were closed.
 */
export async function closeBackInStockRequests(tx: Executor, productSizeId: number): Promise<number> {
  // The requests closed, one row each (the job insert runs whether or not it is read: PostgreSQL's rule for data-modifying WITH).
  const closed = await queryRows<object>(
    tx,
    sql`WITH ready AS (
          SELECT s.product_size_id FROM stock_levels s
          JOIN product_sizes z ON z.product_size_id = s.product_size_id JOIN products p ON p.product_id = z.product_id
          WHERE s.product_size_id = ${productSizeId} AND p.is_active
            AND s.on_hand - s.allocated >= coalesce((SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = s.product_size_id), 1)
        ), closed AS (
          UPDATE back_in_stock_requests r SET closed_at = now() FROM ready
          WHERE r.product_size_id = ready.product_size_id AND r.closed_at IS NULL
          RETURNING r.back_in_stock_request_id AS id
        ), recorded AS (
          INSERT INTO jobs (kind, payload, dedupe_key)
          SELECT ${BACK_IN_STOCK_JOB}, jsonb_build_object('requestId', id), 'back-in-stock:' || id FROM closed
          ON CONFLICT (dedupe_key) DO NOTHING
          RETURNING 1
        )
        SELECT id FROM closed`,
  );
  return closed.length;
}

/** A closing account's requests: those it made signed in and those made with its e-mail. Before the e-mail is erased. */
export async function deleteBackInStockRequestsOf(tx: Executor, userId: number): Promise<void> {
  await tx.execute(
    sql`DELETE FROM back_in_stock_requests
        WHERE user_id = ${userId} OR lower(email) = (SELECT lower(email) FROM users WHERE user_id = ${userId})`,
  );
}

/** The e-mail: the item is back, one link to its page; nothing else is promised or offered. */
export function backInStockEmail({ shop, to, item, productUrl }: { shop: ShopConfig; to: string; item: string; productUrl: string }): MailMessage {
  const subject = `Back in stock: ${item}`;
  const lines = [
    `Good news: ${item} is back in stock.`,
    'You asked us to e-mail you once when it was. This is that e-mail: we will not write again about it, and we have deleted your request.',
  ];
  const text = ['Hello,', '', ...lines.flatMap((line) => [line, '']), `See it and order: ${productUrl}`, '', shop.tradingName, ''].join('\n');
  const e = escapeHtml;
  const html = emailPage(
    shop,
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
      ${lines.map((line) => `<p style="margin:0 0 12px;">${e(line)}</p>`).join('\n      ')}
      <p style="margin:16px 0 0;"><a href="${e(productUrl)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">See it and order</a></p>`,
  );
  return { to, subject, text, html };
}
