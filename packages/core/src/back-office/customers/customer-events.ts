/**
 * The audit trail of what staff did to a customer's account outside an order (every
 * staff action is audited, who, when, what, before and after): disabled or enabled, trade account
 * opened, changed or closed; and the customer's data rights, used by the customer or by staff at
 * their request (their data downloaded, the account closed: `after.by` says which, and no entry
 * holds personal details, which closing erases). Written in the transaction of the change; `customer_events` is
 * append-only (migration 0009's trigger refuses UPDATE and DELETE). Order actions have their own
 * trail (order_events), price changes theirs (price_changes).
 */
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, customerEvents, queryRows, staff, type Executor } from '@shop/db';
import { penceToPounds } from '../../pricing/money.ts';
import { isoSeconds } from '../../iso-time.ts';

export type CustomerEventKind =
  | 'customer.disabled'
  | 'customer.enabled'
  | 'customer.data-exported'
  | 'customer.account-closed'
  | 'trade-account.opened'
  | 'trade-account.changed'
  | 'trade-account.closed'
  | 'quote.priced'
  | 'quote.sent'
  | 'quote.withdrawn'
  | 'customer.created-by-staff'
  // Credit control (credit-control/): written by the daily run ('by': 'credit-control') or staff.
  | 'credit.reminder-sent'
  | 'credit.reminder-not-delivered'
  | 'trade-account.stopped'
  | 'trade-account.stop-ended'
  | 'trade-account.stop-lifted'
  | 'company.member-invited'
  | 'company.member-changed'
  | 'company.member-removed'
  | 'company.renamed';

export interface CustomerEvent {
  kind: CustomerEventKind;
  /** Who did it; null when done outside the back office (a script). */
  staffName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** ISO instant. */
  at: string;
}

const EVENT = columnsOf(customerEvents, ['kind', 'before', 'after', 'createdAt'], 'e');
/** Who did it (LEFT JOIN: null outside the back office). */
const BY = columnsOf(staff, ['name'], 's', { leftJoined: true });

export async function recordCustomerEvent(
  tx: Executor,
  event: { userId: number; staffId: number | null; kind: CustomerEventKind; before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO customer_events (user_id, staff_id, kind, before, after)
        VALUES (${event.userId}, ${event.staffId}, ${event.kind}, ${event.before === null ? null : JSON.stringify(event.before)}::jsonb,
                ${event.after === null ? null : JSON.stringify(event.after)}::jsonb)`,
  );
}

/** The customer's account history, newest first (at most `limit` entries). */
export async function customerHistory(db: Executor, userId: number, limit = 50): Promise<CustomerEvent[]> {
  const rows = await queryRows<object>(
    db,
    sql`SELECT ${EVENT.list}, ${BY.list}
        FROM customer_events e LEFT JOIN staff s ON s.staff_id = e.staff_id
        WHERE e.user_id = ${userId}
        ORDER BY e.customer_event_id DESC
        LIMIT ${limit}`,
  );
  return rows.map((raw) => {
    const { kind, before, after, createdAt } = EVENT.read(raw);
    // Written only by recordCustomerEvent, with a CustomerEventKind.
    return { kind: kind as CustomerEventKind, staffName: BY.read(raw).name, before, after, at: isoSeconds(createdAt) };
  });
}

/** Who did it, in words: the staff member, the customer themselves, or someone outside the back office (a script). */
export function customerEventActor(event: Pick<CustomerEvent, 'staffName' | 'after'>): string {
  if (event.staffName !== null) return event.staffName;
  if (event.after?.by === 'credit-control') return 'Credit control (automatic)';
  if (event.after?.by === 'company-admin') return "The company's admin";
  return event.after?.by === 'customer' ? 'The customer' : 'Outside the back office';
}

/** The entry in words for the customer's page: "Trade account changed: credit limit £500.00 -> £750.00". */
export function describeCustomerEvent(event: Pick<CustomerEvent, 'kind' | 'before' | 'after'>): string {
  const limit = (terms: Record<string, unknown> | null) => formatPounds(penceToPounds(Number(terms?.creditLimitPence ?? 0)));
  const days = (terms: Record<string, unknown> | null) => `${Number(terms?.termsDays ?? 0)} days`;
  switch (event.kind) {
    case 'customer.disabled':
      return 'Disabled: signed out everywhere, cannot sign in';
    case 'customer.enabled':
      return 'Enabled: can sign in again';
    case 'customer.data-exported':
      return `Data downloaded (${Number(event.after?.orders ?? 0)} orders, ${Number(event.after?.invoices ?? 0)} invoices, ${Number(event.after?.creditNotes ?? 0)} credit notes)`;
    case 'customer.account-closed': {
      const request = typeof event.after?.request === 'string' && event.after.request !== '' ? `, as asked: ${event.after.request}` : '';
      return `Account closed: personal details erased, ${Number(event.after?.ordersKept ?? 0)} orders and ${Number(event.after?.invoicesKept ?? 0)} invoices kept${request}`;
    }
    case 'trade-account.opened':
      return `Trade account opened: credit limit ${limit(event.after)}, terms ${days(event.after)}`;
    case 'trade-account.closed':
      return `Trade account closed (credit limit was ${limit(event.before)}, terms ${days(event.before)})`;
    case 'trade-account.changed': {
      const changes: string[] = [];
      if (limit(event.before) !== limit(event.after)) changes.push(`credit limit ${limit(event.before)} -> ${limit(event.after)}`);
      if (days(event.before) !== days(event.after)) changes.push(`terms ${days(event.before)} -> ${days(event.after)}`);
      return `Trade account changed: ${changes.join(', ') || 'no change'}`;
    }
    // The sales desk (quotes/): each names its quote.
    case 'quote.priced':
      return `Quote ${String(event.after?.quote ?? '')} priced: ${formatPounds(penceToPounds(Number(event.after?.subTotalPence ?? 0)))} ex-VAT before delivery`;
    case 'quote.sent':
      return `Quote ${String(event.after?.quote ?? '')} sent, valid until ${String(event.after?.validUntil ?? '')}`;
    case 'quote.withdrawn':
      return `Quote ${String(event.after?.quote ?? '')} withdrawn: ${String(event.after?.reason ?? '')}`;
    case 'customer.created-by-staff':
      return 'Account created by staff (taking an order by phone); the customer was e-mailed a link to set a password';
    case 'credit.reminder-sent':
      return `Payment reminder e-mailed: ${reminderOrders(event.after)}`;
    case 'credit.reminder-not-delivered':
      return `Payment reminder could not be e-mailed: ${reminderOrders(event.after)}`;
    case 'trade-account.stopped':
      return event.after?.reason === 'overdue'
        ? `Put on stop: order #${Number(event.after?.orderId ?? 0)} is ${Number(event.after?.daysOverdue ?? 0)} days overdue (stop after ${Number(event.after?.stopAfterDaysOverdue ?? 0)} days)`
        : `Put on stop: owes ${formatPounds(penceToPounds(Number(event.after?.owedPence ?? 0)))}, over the credit limit of ${limit(event.after)}`;
    case 'trade-account.stop-ended':
      return 'Off stop: nothing is overdue past the stop and the account is within its limit';
    case 'trade-account.stop-lifted':
      return `Stop lifted: ${String(event.after?.note ?? '')}`;
    // Companies (companies/companies.ts): a company admin's own changes say so in `after.by`.
    case 'company.member-invited':
      return `Invited to ${String(event.after?.company ?? 'a company')} as ${String(event.after?.role ?? '')} (limits: ${String(event.after?.orderLimit ?? 'no limit')} per order, ${String(event.after?.monthlyLimit ?? 'no limit')} a month)${byAdmin(event.after)}`;
    case 'company.member-changed':
      return `Company role and limits: ${String(event.before?.role ?? '')}, ${String(event.before?.orderLimit ?? '')} per order, ${String(event.before?.monthlyLimit ?? '')} a month -> ${String(event.after?.role ?? '')}, ${String(event.after?.orderLimit ?? '')} per order, ${String(event.after?.monthlyLimit ?? '')} a month${byAdmin(event.after)}`;
    case 'company.member-removed':
      return `Removed from company ${String(event.after?.companyId ?? '')} (was ${String(event.before?.role ?? '')}): signed out everywhere${byAdmin(event.after)}`;
    case 'company.renamed':
      return `Company renamed: ${String(event.before?.name ?? '')} -> ${String(event.after?.name ?? '')}`;
  }
}

/** The orders of a reminder in words: "order #22 (7 days overdue), order #25 (due today)". */
function reminderOrders(after: Record<string, unknown> | null): string {
  const reminded = Array.isArray(after?.orders) ? (after.orders as { orderId?: unknown; stage?: unknown }[]) : [];
  return reminded.map((order) => `order #${Number(order.orderId ?? 0)} (${REMINDER_STAGE_WORDS[String(order.stage)] ?? String(order.stage)})`).join(', ');
}

const REMINDER_STAGE_WORDS: Record<string, string> = {
  'before-due': 'due soon',
  due: 'due today',
  'overdue-7': '7 days overdue',
  'overdue-14': '14 days overdue',
  'overdue-30': '30 days overdue',
};

/** ", by the company's admin (customer N)" when a company admin made the change, not staff. */
function byAdmin(after: Record<string, unknown> | null): string {
  return after?.by === 'company-admin' ? `, by the company's admin (customer ${String(after.adminUserId ?? '')})` : '';
}
