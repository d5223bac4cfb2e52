/**
 * Bank statement import (DESIGN section 10 "Money"; docs/bank-statements.md): the credits of a
 * statement matched to orders by the order's reference, shown as a dry run, then applied.
 *
 * Matching, line by line in the file's order:
 *   - the shop's references found in the line (order-reference.ts: the hyphen optional, old
 *     prefix + user id ones too). An order's own reference names one order. An old reference is
 *     shared by a customer's orders: its open order owing exactly the amount (the oldest such),
 *     else the oldest open order owing more (a part payment), else it is ambiguous.
 *   - an invoice number in the line (INV-000015, as trade customers quote the invoice they pay,
 *     invoice-numbers.ts prints it): the order of that invoice.
 *   - no reference or invoice naming an order: a word within one typing mistake (one character
 *     changed, added or left out, or two neighbours swapped) of an open order's own reference,
 *     when exactly one order is that close. Old references are never guessed at: BXW12 for BXW13
 *     is another customer.
 *   - still nothing: open orders owing exactly the amount whose customer (name or company) the
 *     line names are suggested. A suggestion is never recorded by itself: staff choose it for
 *     the line when applying (`chosen`), and applying records it only if it is still a
 *     suggestion of that line then.
 *   - the amount against what the order still owes, counting the lines before it in the file:
 *     paid in full, part paid, or overpaid (recorded only when staff accept overpayments).
 *   - a cancelled order, a line naming two orders, a line naming none: never recorded.
 *   - a line whose fingerprint (bank-statement-csv.ts) is already in bank_statement_lines was
 *     imported before: never recorded again.
 *
 * Applying runs the matching again inside one transaction, after the orders it pays are
 * locked, and writes every payment, the import and each of its credit lines (matched or not, as
 * evidence), and an audit entry per payment; if anything fails nothing is written. Imports are
 * serialised by a lock on bank_statement_lines, so two staff applying the same file at once
 * record it once: the second finds every line already imported.
 */
import { statementMatchLabels, type StatementMatch } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, orders, queryRows, users, type bankStatementImports, type bankStatementLines, type Database, type Executor, type invoices, type Row } from '@shop/db';
import { londonWallClock } from '../../delivery/dispatch-promise.ts';
import { Conflict, Forbidden } from '../../errors.ts';
import { ORDER_REFERENCE_CODE_LENGTH, referencesIn, withinOneEdit } from '../../payments/order-reference.ts';
import { can, type StaffMember } from '../../staff/staff-roles.ts';
import { formatInvoiceNumber } from '../../documents/invoice-numbers.ts';
import { insertOrderEvent, insertOrderPayment } from '../orders/order-payments.ts';
import { paymentDateProblem } from '../exports/vat-periods.ts';
import { parseBankStatement, type ParsedStatement, type StatementCredit, type StatementRowError } from './bank-statement-csv.ts';
import { workSlices } from '../../event-loop.ts';

/** How a line was tied to its order. */
export type MatchedBy = StatementMatch;

/** What becomes of a credit line. */
export type StatementOutcome = 'paid-in-full' | 'part-paid' | 'overpaid' | 'cancelled' | 'date-refused' | 'ambiguous' | 'no-match' | 'already-imported';

export interface StatementLineMatch {
  orderId: number;
  /** The order's reference (what the line should have said). */
  reference: string;
  matchedBy: MatchedBy;
  totalPence: number;
  /** Paid and still due before this line (after the lines above it in the file). */
  paidPence: number;
  duePence: number;
}

/** An open order a line may pay (the amount it owes and the payer's name fit): staff choose it or not. */
export interface StatementSuggestion {
  orderId: number;
  reference: string;
  /** The customer as the line was compared with: name, and company when there is one. */
  customer: string;
  totalPence: number;
  paidPence: number;
  duePence: number;
}

export interface StatementLine {
  line: number;
  postedOn: string;
  description: string;
  amountPence: number;
  fingerprint: string;
  /** The order it pays or names; null when it names none (or several). */
  order: StatementLineMatch | null;
  outcome: StatementOutcome;
  /** Whether applying records it as a payment (in an applied report: whether it was). */
  records: boolean;
  /** Why, in words for staff. */
  note: string;
  /** After applying: the payment recorded from it. */
  orderPaymentId: number | null;
  /** When no order was found: open orders owing exactly the amount whose customer the line names. */
  suggestions: StatementSuggestion[];
}

export interface Total {
  count: number;
  pence: number;
}

export interface StatementReport {
  fileName: string;
  layout: { key: string; label: string };
  lines: StatementLine[];
  /** Rows that could not be read: not imported. */
  errors: StatementRowError[];
  debitsIgnored: number;
  totals: {
    credits: Total;
    /** Recorded as payments (or, in a dry run, to be recorded). */
    recorded: Total;
    /** Overpayments not recorded (staff did not accept them). */
    overpaymentsLeft: Total;
    /** Neither recorded nor imported before: cancelled, ambiguous, matching nothing. */
    notRecorded: Total;
    alreadyImported: Total;
  };
}

export interface AppliedStatement extends StatementReport {
  /** The import written; null when every line had been imported before (nothing written). */
  importId: number | null;
}

export interface StatementFile {
  name: string;
  bytes: Uint8Array;
}

export const bankStatementMessages = {
  notPermitted: 'You do not have access to this.',
  ordersKeptChanging: 'Orders kept changing while the statement was being applied. Nothing was recorded: run the dry run again.',
  paidInFull: 'Pays what the order owes in full.',
  partPaid: (stillDuePence: number) => `Part payment: ${pounds(stillDuePence)} will still be due.`,
  overpaid: (overPence: number, duePence: number) =>
    `${pounds(overPence)} more than the ${pounds(duePence)} due. Recorded only if you choose to record overpayments; otherwise record it by hand on the order.`,
  overpaidRecorded: (overPence: number) => `Recorded, ${pounds(overPence)} more than was due: the order shows the overpayment.`,
  cancelled: (orderId: number) =>
    `Order #${orderId} is cancelled: not recorded. Record it with the payment form on the order's page (it then shows as a refund due) and refund it from there.`,
  severalOrders: (orderIds: number[]) => `Names more than one order (${orderIds.map((id) => `#${id}`).join(', ')}): not recorded. Record it by hand on the right order.`,
  sharedReference: (reference: string) =>
    `Several orders share the reference ${reference} and none of them fits this amount: not recorded. Record it by hand on the right order.`,
  severalClose: (orderIds: number[]) =>
    `Looks like a mistyped reference of more than one order (${orderIds.map((id) => `#${id}`).join(', ')}): not recorded. Record it by hand on the right order.`,
  unknownReference: (reference: string) => `No order has the reference ${reference}: not recorded. Check it and record it by hand.`,
  noReference: 'No order reference in the description: not recorded. Record it by hand if it pays an order.',
  alreadyImported: (importId: number) => `Already imported (statement import #${importId}): not recorded again.`,
  typo: (reference: string) => `The bank's reference is one character away from ${reference}.`,
  invoice: (invoice: string) => `Quotes invoice ${invoice}.`,
  suggested: (count: number) =>
    count === 1
      ? 'An open order owes exactly this amount and its customer is named in the description: choose it below to record the payment against it.'
      : `${count} open orders owe exactly this amount and their customer is named in the description: choose the one it pays below.`,
  chosen: (orderId: number) => `Chosen by staff from the suggestions: order #${orderId} owes exactly this amount and its customer is named in the description. `,
  choiceGone: (orderId: number) =>
    `Order #${orderId} was chosen but no longer fits this line (paid meanwhile, cancelled, or its amount changed): not recorded. Run the dry run again.`,
} as const;

function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The order columns matching reads (and applying locks). */
const ORDER = columnsOf(orders, ['orderId', 'paymentReference', 'status', 'totalPence', 'paidPence'], 'o');
type OrderRow = ReturnType<typeof ORDER.read>;
const PAYER = columnsOf(users, ['firstName', 'lastName', 'companyName'], 'u');
/** The billing address's company and contact, read out of its JSON (no column of their own); null when absent. */
const BILLING = figuresOf({ billing_company: 'text?', billing_contact: 'text?' });

export interface BankStatementsOptions {
  /** The shop's reference prefix (shop.bank.referencePrefix). */
  referencePrefix: string;
  now: () => Date;
}

export class BankStatements {
  constructor(
    private readonly db: Database,
    private readonly options: BankStatementsOptions,
  ) {}

  private today(): string {
    return londonWallClock(this.options.now()).date;
  }

  /** What applying the file would do now; writes nothing. */
  async dryRun(staff: StaffMember, file: StatementFile, options: { acceptOverpayments?: boolean } = {}): Promise<StatementReport> {
    permit(staff);
    const parsed = await parseBankStatement(file.bytes, this.today());
    const planned = await this.plan(this.db, parsed, options.acceptOverpayments ?? false);
    return report(file.name, parsed, planned.lines);
  }

  /**
   * Records the file's matched payments and keeps every credit line, in one transaction.
   * `chosen`: for a line of the file (its number) that matched no order, the suggested order
   * staff chose for it.
   */
  async apply(
    staff: StaffMember,
    file: StatementFile,
    options: { acceptOverpayments: boolean; chosen?: ReadonlyMap<number, number> },
  ): Promise<AppliedStatement> {
    permit(staff);
    const parsed = await parseBankStatement(file.bytes, this.today());
    const chosen = options.chosen ?? new Map<number, number>();
    return this.db.transaction(async (tx) => {
      // One import at a time (reads, and so dry runs, go on): the second of two imports of one
      // file waits, then sees every line the first wrote.
      await tx.execute(sql`LOCK TABLE bank_statement_lines IN SHARE ROW EXCLUSIVE MODE`);
      const locked = new Set<number>();
      let planned: Plan | null = null;
      // Lock the orders the plan pays, then plan again on their locked state: a plan that now
      // pays an order not locked (one changed in between) locks it and plans once more.
      for (let round = 0; round < 4 && !planned; round++) {
        const attempt = await this.plan(tx, parsed, options.acceptOverpayments, chosen);
        const wanted = [...new Set(attempt.lines.filter((l) => l.records).map((l) => l.order!.orderId))].filter((id) => !locked.has(id)).sort((a, b) => a - b);
        if (wanted.length === 0) planned = attempt;
        else {
          await tx.execute(sql`SELECT order_id FROM orders WHERE order_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::int) ORDER BY order_id FOR UPDATE`);
          for (const id of wanted) locked.add(id);
        }
      }
      if (!planned) throw new Conflict(bankStatementMessages.ordersKeptChanging);
      const lines = planned.lines;
      const fresh = lines.filter((l) => l.outcome !== 'already-imported');
      if (fresh.length === 0) return { ...report(file.name, parsed, lines), importId: null };

      const [imported] = await queryRows<Pick<Row<typeof bankStatementImports>, 'importId'>>(
        tx,
        sql`INSERT INTO bank_statement_imports (file_name, layout, staff_id, credit_lines, payments_recorded)
            VALUES (${file.name.slice(0, 200)}, ${parsed.layout.key}, ${staff.staffId}, ${fresh.length}, ${fresh.filter((l) => l.records).length})
            RETURNING import_id AS "importId"`,
      );
      const importId = imported!.importId;
      const evidence = (l: StatementLine) =>
        sql`(${importId}, ${l.fingerprint}, ${l.postedOn}::date, ${l.description}, ${l.amountPence}, ${l.order?.orderId ?? null}::int, ${l.orderPaymentId}::int)`;
      const unrecorded: StatementLine[] = [];
      for (const l of fresh) {
        if (!l.records) {
          unrecorded.push(l);
          continue;
        }
        const order = l.order!;
        const [updated] = await queryRows<Pick<Row<typeof orders>, 'paidPence'>>(
          tx,
          sql`UPDATE orders SET paid_pence = paid_pence + ${l.amountPence}, version = version + 1 WHERE order_id = ${order.orderId} RETURNING paid_pence AS "paidPence"`,
        );
        const paidAfter = Number(updated!.paidPence);
        const bankReference = l.description.slice(0, 100);
        l.orderPaymentId = await insertOrderPayment(tx, { orderId: order.orderId, kind: 'payment', amountPence: l.amountPence, receivedOn: l.postedOn, bankReference, staffId: staff.staffId });
        const [line] = await queryRows<Pick<Row<typeof bankStatementLines>, 'statementLineId'>>(
          tx,
          sql`INSERT INTO bank_statement_lines (import_id, fingerprint, posted_on, description, amount_pence, order_id, order_payment_id)
              VALUES ${evidence(l)} RETURNING statement_line_id AS "statementLineId"`,
        );
        await insertOrderEvent(tx, {
          orderId: order.orderId,
          staffId: staff.staffId,
          kind: 'payment_recorded',
          before: { paid_pence: paidAfter - l.amountPence },
          after: {
            paid_pence: paidAfter,
            amount_pence: l.amountPence,
            received_on: l.postedOn,
            bank_reference: bankReference,
            source: 'bank statement',
            statement_import: importId,
            // The line as the dry run numbered it (the file's row); its evidence row is statement_line_id.
            statement_line: l.line,
            statement_line_id: line!.statementLineId,
            matched_by: statementMatchLabels[order.matchedBy],
            ...(l.outcome === 'overpaid' ? { overpaid_pence: l.amountPence - order.duePence } : {}),
          },
        });
      }
      for (let i = 0; i < unrecorded.length; i += 500) {
        const batch = unrecorded.slice(i, i + 500).map(evidence);
        await tx.execute(
          sql`INSERT INTO bank_statement_lines (import_id, fingerprint, posted_on, description, amount_pence, order_id, order_payment_id)
              VALUES ${sql.join(batch, sql`, `)}`,
        );
      }
      return { ...report(file.name, parsed, lines), importId };
    });
  }

  /** Each credit matched against the orders and earlier imports as `db` sees them now. */
  private async plan(db: Executor, parsed: ParsedStatement, acceptOverpayments: boolean, chosen: ReadonlyMap<number, number> = new Map()): Promise<Plan> {
    const prefix = this.options.referencePrefix;
    const imported = new Map<string, number>();
    if (parsed.credits.length > 0) {
      const rows = await queryRows<Pick<Row<typeof bankStatementLines>, 'fingerprint' | 'importId'>>(
        db,
        sql`SELECT fingerprint, import_id AS "importId" FROM bank_statement_lines
            WHERE fingerprint IN (SELECT jsonb_array_elements_text(${JSON.stringify(parsed.credits.map((c) => c.fingerprint))}::jsonb))`,
      );
      for (const row of rows) imported.set(row.fingerprint, row.importId);
    }
    // A statement has up to 10,000 lines, and on the embedded database every query runs on the
    // request thread too: the lines are worked through in slices, other requests served between.
    const pause = workSlices();
    const found = new Map<StatementCredit, string[]>();
    const quotedInvoices = new Map<StatementCredit, number[]>();
    for (const credit of parsed.credits) {
      await pause();
      if (imported.has(credit.fingerprint)) continue;
      quotedInvoices.set(credit, invoiceNumbersIn(`${credit.reference} ${credit.description}`));
      const references = new Set([...referencesIn(credit.reference, prefix), ...referencesIn(credit.description, prefix)]);
      // Six digits read as an order's own code may be an old reference of a six-digit customer number.
      for (const reference of [...references]) {
        const code = reference.slice(prefix.length + 1);
        if (reference.startsWith(`${prefix}-`) && /^\d+$/.test(code)) references.add(`${prefix}${code}`);
      }
      found.set(credit, [...references]);
    }
    const byReference = new Map<string, OrderRow[]>();
    const references = [...new Set([...found.values()].flat())];
    if (references.length > 0) {
      const rows = await queryRows<object>(
        db,
        sql`SELECT ${ORDER.list} FROM orders o
            WHERE o.payment_method <> 'paypal' AND o.payment_reference IN (SELECT jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
            ORDER BY o.created, o.order_id`,
      );
      for (const raw of rows) {
        const order = ORDER.read(raw);
        byReference.set(order.paymentReference, [...(byReference.get(order.paymentReference) ?? []), order]);
      }
    }
    const byInvoice = new Map<number, OrderRow>();
    const invoiceNumbers = [...new Set([...quotedInvoices.values()].flat())];
    if (invoiceNumbers.length > 0) {
      const rows = await queryRows<Pick<Row<typeof invoices>, 'invoiceNumber'>>(
        db,
        sql`SELECT i.invoice_number AS "invoiceNumber", ${ORDER.list} FROM invoices i JOIN orders o ON o.order_id = i.order_id
            WHERE o.payment_method <> 'paypal' AND i.invoice_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(invoiceNumbers)}::jsonb)::int)`,
      );
      for (const raw of rows) byInvoice.set(raw.invoiceNumber, ORDER.read(raw));
    }
    let payers: Payer[] | null = null;
    const payersOwing = async () => {
      // Open orders owing one of the file's amounts (few: the money-due index), with their customer.
      const amounts = [...new Set(parsed.credits.map((c) => c.amountPence))];
      payers ??= (
        await queryRows<Record<string, unknown>>(
          db,
          sql`SELECT ${ORDER.list}, ${PAYER.list},
                     o.billing_address ->> 'company_name' AS billing_company, o.billing_address ->> 'contact_name' AS billing_contact
              FROM orders o JOIN users u ON u.user_id = o.user_id
              WHERE o.paid_pence < o.total_pence AND o.status <> 'Cancelled' AND o.payment_method <> 'paypal'
                AND o.total_pence - o.paid_pence IN (SELECT jsonb_array_elements_text(${JSON.stringify(amounts)}::jsonb)::int)
              ORDER BY o.created, o.order_id`,
        )
      ).map((raw) => {
        const payer = PAYER.read(raw);
        const billing = BILLING.read(raw);
        const person = `${payer.firstName} ${payer.lastName}`.trim();
        const companies = [payer.companyName, billing.billing_company].map((c) => c?.trim() ?? '').filter(Boolean);
        const contact = billing.billing_contact?.trim() ?? '';
        return {
          order: ORDER.read(raw),
          customer: [person, ...new Set(companies)].filter(Boolean).join(', '),
          people: [...new Set([person, contact].filter(Boolean))],
          companies,
        };
      });
      return payers;
    };
    let typos: TypoIndex | null = null;
    const openOrders = async () => {
      typos ??= new TypoIndex(
        (
          await queryRows<object>(
            db,
            sql`SELECT ${ORDER.list} FROM orders o
                WHERE o.paid_pence < o.total_pence AND o.status <> 'Cancelled' AND o.payment_method <> 'paypal' AND position('-' in o.payment_reference) > 0`,
          )
        ).map((raw) => ORDER.read(raw)),
      );
      return typos;
    };

    // What each order has been paid, counting the lines above in the file that it records.
    const paid = new Map<number, number>();
    const paidOf = (order: OrderRow) => paid.get(order.orderId) ?? order.paidPence;
    const dueOf = (order: OrderRow) => Math.max(0, order.totalPence - paidOf(order));
    const open = (order: OrderRow) => order.status !== 'Cancelled' && dueOf(order) > 0;

    const lines: StatementLine[] = [];
    for (const credit of parsed.credits) {
      await pause();
      const base = {
        line: credit.line,
        postedOn: credit.postedOn,
        description: credit.description,
        amountPence: credit.amountPence,
        fingerprint: credit.fingerprint,
        orderPaymentId: null,
        suggestions: [] as StatementSuggestion[],
      };
      const importId = imported.get(credit.fingerprint);
      if (importId !== undefined) {
        lines.push({ ...base, order: null, outcome: 'already-imported', records: false, note: bankStatementMessages.alreadyImported(importId) });
        continue;
      }
      const refs = found.get(credit)!;
      // Each reference that names an order, resolved to one order (or to none that fits).
      const named = new Map<number, OrderRow>();
      let shared: string | null = null;
      for (const reference of refs) {
        const candidates = byReference.get(reference) ?? [];
        if (candidates.length === 0) continue;
        const picked = chooseOrder(candidates, credit.amountPence, open, dueOf);
        if (picked) named.set(picked.orderId, picked);
        else shared = reference;
      }
      // An invoice quoted names its order, unless a reference already named that order.
      let quoted: number | null = null;
      for (const invoiceNumber of quotedInvoices.get(credit) ?? []) {
        const invoiced = byInvoice.get(invoiceNumber);
        if (!invoiced || named.has(invoiced.orderId)) continue;
        named.set(invoiced.orderId, invoiced);
        quoted = invoiceNumber;
      }
      let order: OrderRow | null = null;
      let matchedBy: MatchedBy = 'inside';
      let note = '';
      if (named.size > 1) {
        lines.push({ ...base, order: null, outcome: 'ambiguous', records: false, note: bankStatementMessages.severalOrders([...named.keys()]) });
        continue;
      }
      if (named.size === 1 && quoted !== null) {
        order = [...named.values()][0]!;
        matchedBy = 'invoice';
        note = `${bankStatementMessages.invoice(formatInvoiceNumber(quoted))} `;
      } else if (named.size === 1) {
        order = [...named.values()][0]!;
        matchedBy = compact(credit.reference) === compact(order.paymentReference) ? 'exact' : 'inside';
      } else if (shared) {
        lines.push({ ...base, order: null, outcome: 'ambiguous', records: false, note: bankStatementMessages.sharedReference(shared) });
        continue;
      } else {
        const close = (await openOrders()).near(`${credit.reference} ${credit.description}`, prefix).filter(open);
        if (close.length > 1) {
          lines.push({ ...base, order: null, outcome: 'ambiguous', records: false, note: bankStatementMessages.severalClose(close.map((o) => o.orderId)) });
          continue;
        }
        if (close.length > 0) {
          order = close[0]!;
          matchedBy = 'typo';
          note = `${bankStatementMessages.typo(order.paymentReference)} `;
        } else {
          // Nothing names an order: suggest the open orders owing exactly this amount whose
          // customer the line names. Only staff's choice records one.
          const words = wordsOf(`${credit.reference} ${credit.description}`);
          const suggestions = (await payersOwing())
            .filter((p) => open(p.order) && dueOf(p.order) === credit.amountPence && (p.people.some((n) => personNamed(words, n)) || p.companies.some((n) => companyNamed(words, n))))
            .slice(0, MAX_SUGGESTIONS)
            .map((p) => ({ orderId: p.order.orderId, reference: p.order.paymentReference, customer: p.customer, totalPence: p.order.totalPence, paidPence: paidOf(p.order), duePence: dueOf(p.order) }));
          const choice = chosen.get(credit.line);
          const picked = choice === undefined ? undefined : suggestions.find((s) => s.orderId === choice);
          if (!picked) {
            const none = refs.length > 0 ? bankStatementMessages.unknownReference(refs[0]!) : bankStatementMessages.noReference;
            const note =
              choice !== undefined ? bankStatementMessages.choiceGone(choice) : suggestions.length > 0 ? `${none} ${bankStatementMessages.suggested(suggestions.length)}` : none;
            lines.push({ ...base, order: null, outcome: 'no-match', records: false, note, suggestions });
            continue;
          }
          order = (await payersOwing()).find((p) => p.order.orderId === picked.orderId)!.order;
          matchedBy = 'chosen';
          note = bankStatementMessages.chosen(order.orderId);
        }
      }
      const match: StatementLineMatch = {
        orderId: order.orderId,
        reference: order.paymentReference,
        matchedBy,
        totalPence: order.totalPence,
        paidPence: paidOf(order),
        duePence: dueOf(order),
      };
      if (order.status === 'Cancelled') {
        lines.push({ ...base, order: match, outcome: 'cancelled', records: false, note: bankStatementMessages.cancelled(order.orderId) });
        continue;
      }
      // Dated before its order or inside a filed VAT quarter: recording it would be refused, so
      // the dry run says so on the line rather than the whole statement failing to apply.
      const dateProblem = await paymentDateProblem(db, { orderId: order.orderId, kind: 'payment', receivedOn: credit.postedOn }, false);
      if (dateProblem) {
        lines.push({ ...base, order: match, outcome: 'date-refused', records: false, note: `${dateProblem} Not recorded.` });
        continue;
      }
      const outcome: StatementOutcome = credit.amountPence === match.duePence ? 'paid-in-full' : credit.amountPence < match.duePence ? 'part-paid' : 'overpaid';
      const records = outcome !== 'overpaid' || acceptOverpayments;
      if (records) paid.set(order.orderId, match.paidPence + credit.amountPence);
      note +=
        outcome === 'paid-in-full'
          ? bankStatementMessages.paidInFull
          : outcome === 'part-paid'
            ? bankStatementMessages.partPaid(match.duePence - credit.amountPence)
            : records
              ? bankStatementMessages.overpaidRecorded(credit.amountPence - match.duePence)
              : bankStatementMessages.overpaid(credit.amountPence - match.duePence, match.duePence);
      lines.push({ ...base, order: match, outcome, records, note });
    }
    return { lines };
  }
}

interface Plan {
  lines: StatementLine[];
}

/** An open order owing one of the file's amounts, with the names its payer may give. */
interface Payer {
  order: OrderRow;
  customer: string;
  people: string[];
  companies: string[];
}

/** The most suggestions listed for one line. */
const MAX_SUGGESTIONS = 5;

/**
 * Invoice numbers quoted in a line, as the shop prints them (INV-000015) or as customers type
 * them (INV15, INV 000015, INVOICE 15).
 */
export function invoiceNumbersIn(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.toUpperCase().matchAll(/(?:^|[^A-Z0-9])INV(?:OICE)?[\s#:.-]*(?:NO\.?\s*)?(\d{1,9})(?![0-9])/g)) {
    const invoiceNumber = Number(match[1]);
    if (invoiceNumber > 0) found.add(invoiceNumber);
  }
  return [...found];
}

/** Words that say nothing about who a company is. */
const COMPANY_FORMS = new Set(['LTD', 'LIMITED', 'PLC', 'LLP', 'LLC', 'CO', 'COMPANY', 'THE', 'AND', 'UK', 'T/A']);

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter(Boolean),
  );
}

/** A person is named: every word of the surname, and the first name or its initial (banks write "A WALKER"). */
function personNamed(words: Set<string>, name: string): boolean {
  const parts = [...wordsOf(name)];
  if (parts.length < 2) return false;
  const [first, ...rest] = parts;
  const surname = rest.filter((w) => w.length > 1);
  return surname.length > 0 && surname.every((w) => words.has(w)) && (words.has(first!) || words.has(first![0]!));
}

/** A company is named: every word of its name but the legal forms (LTD, PLC...). */
function companyNamed(words: Set<string>, name: string): boolean {
  const significant = [...wordsOf(name)].filter((w) => !COMPANY_FORMS.has(w));
  return significant.length > 0 && significant.join('').length >= 3 && significant.every((w) => words.has(w));
}

/**
 * The order a reference names for this amount. An order's own reference has one order. An old
 * reference (prefix + user id) is shared by a customer's orders: the oldest open order owing
 * exactly the amount, else the oldest owing more (a part payment); with none open, the one
 * order still standing (an overpayment) or, when all are cancelled, the latest (cancelled).
 * Null when it cannot be told which.
 */
function chooseOrder(candidates: OrderRow[], amountPence: number, open: (o: OrderRow) => boolean, dueOf: (o: OrderRow) => number): OrderRow | null {
  if (candidates.length === 1) return candidates[0]!;
  const owing = candidates.filter(open);
  if (owing.length === 1) return owing[0]!;
  if (owing.length > 1) return owing.find((o) => dueOf(o) === amountPence) ?? owing.find((o) => dueOf(o) > amountPence) ?? null;
  const standing = candidates.filter((o) => o.status !== 'Cancelled');
  if (standing.length === 1) return standing[0]!;
  if (standing.length === 0) return candidates.at(-1)!;
  return null;
}

/** A reference without case, spaces or hyphens ("bxw 7kq4mc" and "BXW-7KQ4MC" alike). */
function compact(text: string): string {
  return text.toUpperCase().replace(/[\s-]+/g, '');
}

/**
 * Open orders' own references, found from a word one typing mistake away without comparing it
 * with each: every reference is filed under itself and each way of deleting one character; two
 * strings within one edit always share one of those keys (a symmetric-delete index).
 */
class TypoIndex {
  private readonly byKey = new Map<string, OrderRow[]>();

  constructor(orders: OrderRow[]) {
    for (const order of orders) {
      const reference = compact(order.paymentReference);
      for (const key of withDeletions(reference)) this.byKey.set(key, [...(this.byKey.get(key) ?? []), order]);
    }
  }

  /** Open orders whose reference is within one edit of a word (or two adjacent words) of `text`. */
  near(text: string, prefix: string): OrderRow[] {
    const length = prefix.length + ORDER_REFERENCE_CODE_LENGTH;
    const words = text
      .toUpperCase()
      .split(/[^A-Z0-9-]+/)
      .map((w) => w.replace(/-/g, ''))
      .filter(Boolean);
    const candidates = new Set<string>();
    words.forEach((word, i) => {
      candidates.add(word);
      if (i + 1 < words.length) candidates.add(word + words[i + 1]);
    });
    const found = new Map<number, OrderRow>();
    for (const candidate of candidates) {
      if (Math.abs(candidate.length - length) > 1) continue;
      for (const key of withDeletions(candidate)) {
        for (const order of this.byKey.get(key) ?? []) {
          if (withinOneEdit(candidate, compact(order.paymentReference))) found.set(order.orderId, order);
        }
      }
    }
    return [...found.values()];
  }
}

function withDeletions(word: string): Set<string> {
  const keys = new Set([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return keys;
}

function report(fileName: string, parsed: ParsedStatement, lines: StatementLine[]): StatementReport {
  const total = (which: StatementLine[]): Total => ({ count: which.length, pence: which.reduce((sum, l) => sum + l.amountPence, 0) });
  return {
    fileName,
    layout: parsed.layout,
    lines,
    errors: parsed.errors,
    debitsIgnored: parsed.debitsIgnored,
    totals: {
      credits: total(lines),
      recorded: total(lines.filter((l) => l.records)),
      overpaymentsLeft: total(lines.filter((l) => l.outcome === 'overpaid' && !l.records)),
      notRecorded: total(lines.filter((l) => !l.records && l.outcome !== 'overpaid' && l.outcome !== 'already-imported')),
      alreadyImported: total(lines.filter((l) => l.outcome === 'already-imported')),
    },
  };
}

function permit(staff: StaffMember): void {
  if (!can(staff.role, 'payments:record')) throw new Forbidden(bankStatementMessages.notPermitted);
}
