/**
 * Offers in the back office ('offers': owner and manager): the list with each
 * offer's state and what it has cost, one offer with its terms and its latest uses, making one
 * from the form (packages/contract's offerFormSchema, the page's and the browser's too), and
 * ending one early. An offer is never changed once made (an order's discount always reads back
 * as its offer said), so these are the only writes; each is audited in `offer_events`, in the
 * write's transaction. Which offers a basket gets is offer-rules.ts's, not this module's.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatPounds, offerEmailsOf, offerFormMessages as m, offerFormSchema, offerLinesOf, type OfferForm, type OfferFormInput } from '@shop/contract';
import { categories, companies, offerEvents, offerUses, offers, productSizes, products, staff as staffTable, users, type Database, type Executor, type Row } from '@shop/db';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.ts';
import { isUniqueViolationOf } from '../database-errors.ts';
import { isoSeconds } from '../iso-time.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { flattenCategories, readCategoryTree } from '../catalogue-admin/category-editor.ts';
import { can, type StaffMember } from '../staff/staff-roles.ts';

type OfferRow = Row<typeof offers>;

/** Where an offer stands today: not started yet, live, ended (its last day passed, or ended early), or all its uses taken. */
export type OfferState = 'scheduled' | 'live' | 'ended' | 'used-up';
export const OFFER_STATE_LABELS: Record<OfferState, string> = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended', 'used-up': 'Used up' };

export const offerAdminMessages = {
  notPermitted: 'Only the owner and managers may see and make offers.',
  noSuchOffer: 'There is no such offer.',
} as const;

/** An offer as the list shows it: its terms in words, where it stands, its uses and what it has cost. */
export interface OfferSummary {
  offerId: number;
  name: string;
  /** Null: an automatic offer. */
  code: string | null;
  state: OfferState;
  stateLabel: string;
  /** "10% off", "£5.00 off", "Free delivery (mainland UK)". */
  takesOff: string;
  /** "The whole basket", "Mailing Bags", "3 sizes". */
  covers: string;
  minSpendPence: number;
  /** "Everyone", "New customers (a first order)", "2 customers and 1 company". */
  whoFor: string;
  /** London days, both included; endsOn null: no end. */
  startsOn: string;
  endsOn: string | null;
  uses: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Orders placed with it, and what it took off their goods and their delivery. */
  orders: number;
  discountPence: number;
  deliverySavedPence: number;
  /** ISO instant. */
  createdAt: string;
}

/** One order placed with an offer. */
export interface OfferUseRow {
  orderId: number;
  userId: number;
  customerName: string;
  email: string;
  discountPence: number;
  deliverySavedPence: number;
  /** ISO instant. */
  at: string;
}

export interface OfferDetail extends OfferSummary {
  categories: { categoryId: number; path: string }[];
  sizes: { productSizeId: number; productCode: string; productName: string; size1: string }[];
  customers: { userId: number; name: string; email: string }[];
  companies: { companyId: number; name: string }[];
  createdBy: string | null;
  /** ISO instant it was ended early; null if it was not. */
  endedAt: string | null;
  /** The newest uses first (at most LAST_USES). */
  lastUses: OfferUseRow[];
  /** Who made it and who ended it, newest first. */
  history: { at: string; who: string; what: string }[];
}

/** A category as the form offers it: its path ("Postal & Mailing > Mailing Bags") and depth (1 at the top). */
export interface OfferCategoryChoice {
  categoryId: number;
  name: string;
  path: string;
  depth: number;
}

/** Uses the detail page lists. */
export const LAST_USES = 50;
/** Offers the list shows (the newest): a shop makes a few a month. */
export const OFFERS_LISTED = 500;

/** Where an offer stands on London day `today`. */
export function offerStateOf(offer: Pick<OfferRow, 'endedAt' | 'startsOn' | 'endsOn' | 'uses' | 'maxUses'>, today: string): OfferState {
  if (offer.endedAt !== null || (offer.endsOn !== null && offer.endsOn < today)) return 'ended';
  if (offer.maxUses !== null && offer.uses >= offer.maxUses) return 'used-up';
  if (today < offer.startsOn) return 'scheduled';
  return 'live';
}

/** Hundredths of a percent as people write it: 1000 -> "10", 1250 -> "12.5", 1 -> "0.01". */
export function percentText(hundredths: number): string {
  return (hundredths / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

/** What the offer takes off, in words. */
export function offerTakesOff(offer: Pick<OfferRow, 'kind' | 'percentOff' | 'amountOffPence'>): string {
  if (offer.kind === 'percent') return `${percentText(offer.percentOff ?? 0)}% off`;
  if (offer.kind === 'amount') return `${formatPounds((offer.amountOffPence ?? 0) / 100)} off`;
  return 'Free delivery (mainland UK)';
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What goods it covers, in words: the categories by name (`categoryNames` by id). */
export function offerCovers(offer: Pick<OfferRow, 'appliesTo' | 'categoryIds' | 'productSizeIds'>, categoryNames: ReadonlyMap<number, string>): string {
  if (offer.appliesTo === 'basket') return 'The whole basket';
  if (offer.appliesTo === 'sizes') return counted(offer.productSizeIds.length, 'size', 'sizes');
  const names = offer.categoryIds.map((id) => categoryNames.get(id) ?? `Category ${id} (removed)`);
  return names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${counted(names.length - 2, 'more category', 'more categories')}`;
}

/** Who may have it, in words. */
export function offerWhoFor(offer: Pick<OfferRow, 'audience' | 'userIds' | 'companyIds'>): string {
  if (offer.audience === 'everyone') return 'Everyone';
  if (offer.audience === 'new-customers') return 'New customers (a first order)';
  const parts = [offer.userIds.length > 0 ? counted(offer.userIds.length, 'customer', 'customers') : null, offer.companyIds.length > 0 ? counted(offer.companyIds.length, 'company', 'companies') : null];
  return parts.filter(Boolean).join(' and ');
}

function permit(staff: StaffMember): void {
  if (!can(staff.role, 'offers')) throw new Forbidden(offerAdminMessages.notPermitted);
}

type FieldProblem = { field: string; message: string };

/** Problems of a form, each beside its field; the first is the form's message. */
function refused(problems: FieldProblem[], as: typeof Invalid | typeof Conflict = Invalid): Invalid | Conflict {
  return new as(problems[0]!.message, { fields: problems });
}

/** The form parsed by its one schema (contract), or Invalid naming every field wrong. */
function parseOfferForm(input: OfferFormInput): OfferForm {
  const parsed = offerFormSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
  }
  throw refused(problems);
}

const pence = (pounds: number | undefined) => (pounds === undefined ? null : Math.round(pounds * 100));

/** What the offer cost so far, per offer: orders, and pence off goods and delivery (offer_uses). */
function usesByOffer(db: Executor) {
  return db
    .select({
      offerId: offerUses.offerId,
      orders: sql<number>`count(*)::int`.as('orders'),
      discountPence: sql<number>`coalesce(sum(${offerUses.discountPence}), 0)::int`.as('discount_pence'),
      deliverySavedPence: sql<number>`coalesce(sum(${offerUses.deliverySavedPence}), 0)::int`.as('delivery_saved_pence'),
    })
    .from(offerUses)
    .groupBy(offerUses.offerId)
    .as('used');
}

export class OfferAdmin {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** London today, the day an offer's dates are read against. */
  today(): string {
    return londonDate(this.now());
  }

  /** The newest offers first, with where each stands and what it has cost. */
  async list(staff: StaffMember): Promise<OfferSummary[]> {
    permit(staff);
    const used = usesByOffer(this.db);
    const rows = await this.db
      .select({ offer: offers, orders: used.orders, discountPence: used.discountPence, deliverySavedPence: used.deliverySavedPence })
      .from(offers)
      .leftJoin(used, eq(used.offerId, offers.offerId))
      .orderBy(desc(offers.createdAt), desc(offers.offerId))
      .limit(OFFERS_LISTED);
    const names = await this.categoryNames(rows.some((row) => row.offer.appliesTo === 'categories'));
    const today = this.today();
    return rows.map((row) => summaryOf(row.offer, { orders: row.orders, discountPence: row.discountPence, deliverySavedPence: row.deliverySavedPence }, names, today));
  }

  /** One offer: its terms with what they name, its cost, its latest uses and its history. */
  async detail(staff: StaffMember, offerId: number): Promise<OfferDetail> {
    permit(staff);
    const [offer] = await this.db.select().from(offers).where(eq(offers.offerId, offerId));
    if (!offer) throw new NotFound(offerAdminMessages.noSuchOffer);
    const [cost] = await this.db
      .select({
        orders: sql<number>`count(*)::int`,
        discountPence: sql<number>`coalesce(sum(${offerUses.discountPence}), 0)::int`,
        deliverySavedPence: sql<number>`coalesce(sum(${offerUses.deliverySavedPence}), 0)::int`,
      })
      .from(offerUses)
      .where(eq(offerUses.offerId, offerId));
    const paths = new Map((await this.allCategories()).map((c) => [c.categoryId, c.path]));
    const sizes =
      offer.productSizeIds.length === 0
        ? []
        : await this.db
            .select({ productSizeId: productSizes.productSizeId, productCode: products.productCode, productName: products.name, size1: productSizes.size1 })
            .from(productSizes)
            .innerJoin(products, eq(products.productId, productSizes.productId))
            .where(inArray(productSizes.productSizeId, offer.productSizeIds))
            .orderBy(products.productCode, productSizes.sortOrder, productSizes.productSizeId);
    const customers =
      offer.userIds.length === 0
        ? []
        : await this.db
            .select({ userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(users)
            .where(inArray(users.userId, offer.userIds))
            .orderBy(users.email);
    const named =
      offer.companyIds.length === 0
        ? []
        : await this.db.select({ companyId: companies.companyId, name: companies.name }).from(companies).where(inArray(companies.companyId, offer.companyIds)).orderBy(companies.name);
    const uses = await this.db
      .select({ use: offerUses, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(offerUses)
      .innerJoin(users, eq(users.userId, offerUses.userId))
      .where(eq(offerUses.offerId, offerId))
      .orderBy(desc(offerUses.createdAt), desc(offerUses.offerUseId))
      .limit(LAST_USES);
    const events = await this.db
      .select({ event: offerEvents, staffName: staffTable.name })
      .from(offerEvents)
      .leftJoin(staffTable, eq(staffTable.staffId, offerEvents.staffId))
      .where(eq(offerEvents.offerId, offerId))
      .orderBy(desc(offerEvents.offerEventId));
    const categoryNames = new Map([...paths].map(([id, path]) => [id, path.split(' > ').at(-1)!]));
    return {
      ...summaryOf(offer, cost ?? { orders: 0, discountPence: 0, deliverySavedPence: 0 }, categoryNames, this.today()),
      categories: offer.categoryIds.map((categoryId) => ({ categoryId, path: paths.get(categoryId) ?? `Category ${categoryId} (removed)` })),
      sizes,
      customers: customers.map((c) => ({ userId: c.userId, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email })),
      companies: named,
      createdBy: events.find((e) => e.event.kind === 'created')?.staffName ?? null,
      endedAt: offer.endedAt === null ? null : isoSeconds(offer.endedAt),
      lastUses: uses.map(({ use, firstName, lastName, email }) => ({
        orderId: use.orderId,
        userId: use.userId,
        customerName: `${firstName} ${lastName}`.trim(),
        email,
        discountPence: use.discountPence,
        deliverySavedPence: use.deliverySavedPence,
        at: isoSeconds(use.createdAt),
      })),
      history: events.map(({ event, staffName }) => ({ at: isoSeconds(event.createdAt), who: staffName ?? 'Outside the back office', what: describeOfferEvent(event) })),
    };
  }

  /** Every category, in the catalogue's order, for the form's "Categories" choice. */
  async categoryChoices(staff: StaffMember): Promise<OfferCategoryChoice[]> {
    permit(staff);
    return this.allCategories();
  }

  private async allCategories(executor: Executor = this.db): Promise<OfferCategoryChoice[]> {
    return flattenCategories(await readCategoryTree(executor)).map(({ categoryId, name, path, depth }) => ({ categoryId, name, path, depth }));
  }

  /**
   * Makes an offer from the form: checked by its schema, then against the shop (a code no other
   * offer has in any case, categories and sizes of the catalogue, customers and companies that
   * exist). Every problem is told beside its field; nothing is written unless all is well.
   */
  async create(staff: StaffMember, input: OfferFormInput): Promise<number> {
    permit(staff);
    const form = parseOfferForm(input);
    if (form.ends_on !== undefined && form.ends_on < this.today()) throw refused([{ field: 'ends_on', message: m.endsInPast }]);
    const code = form.code ? form.code : null;
    const taken = () => refused([{ field: 'code', message: m.codeTaken(code!) }], Conflict);
    try {
      return await this.db.transaction(async (tx) => {
        if (code !== null && (await tx.select({ offerId: offers.offerId }).from(offers).where(sql`upper(${offers.code}) = ${code}`)).length > 0) throw taken();
        const problems: FieldProblem[] = [];
        const categoryIds = form.applies_to === 'categories' ? await knownCategories(tx, form.category_ids, problems) : [];
        const productSizeIds = form.applies_to === 'sizes' ? await sizesNamed(tx, offerLinesOf(form.sizes), problems) : [];
        const userIds = form.audience === 'named' ? await customersNamed(tx, offerEmailsOf(form.customer_emails), problems) : [];
        const companyIds = form.audience === 'named' ? await companiesNamed(tx, offerLinesOf(form.company_names), problems) : [];
        if (problems.length > 0) throw refused(problems);
        const values = {
          code,
          name: form.name,
          kind: form.kind,
          percentOff: form.kind === 'percent' ? Math.round(form.percent_off! * 100) : null,
          amountOffPence: form.kind === 'amount' ? pence(form.amount_off) : null,
          appliesTo: form.applies_to,
          categoryIds,
          productSizeIds,
          minSpendPence: pence(form.min_spend) ?? 0,
          startsOn: form.starts_on,
          endsOn: form.ends_on ?? null,
          maxUses: form.max_uses ?? null,
          maxUsesPerCustomer: form.max_uses_per_customer ?? null,
          audience: form.audience,
          userIds,
          companyIds,
          createdBy: staff.staffId,
        } satisfies typeof offers.$inferInsert;
        const [made] = await tx.insert(offers).values(values).returning({ offerId: offers.offerId });
        const offerId = made!.offerId;
        const names = new Map((await this.allCategories(tx)).map((c) => [c.categoryId, c.name]));
        await tx.insert(offerEvents).values({
          offerId,
          staffId: staff.staffId,
          kind: 'created',
          after: {
            code,
            name: form.name,
            takesOff: offerTakesOff(values),
            covers: offerCovers(values, names),
            minSpendPence: values.minSpendPence,
            whoFor: offerWhoFor(values),
            startsOn: values.startsOn,
            endsOn: values.endsOn,
            maxUses: values.maxUses,
            maxUsesPerCustomer: values.maxUsesPerCustomer,
          },
        });
        return offerId;
      });
    } catch (error) {
      // Another offer given the same code a moment ago.
      if (isUniqueViolationOf(error, 'offers_code_key')) throw taken();
      throw error;
    }
  }

  /**
   * Ends the offer now: no basket or checkout gets it from this moment (orders placed with it
   * keep their discount). True when this call ended it; false when it had ended already.
   */
  async end(staff: StaffMember, offerId: number): Promise<boolean> {
    permit(staff);
    return this.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(offers)
        .set({ endedAt: this.now() })
        .where(and(eq(offers.offerId, offerId), isNull(offers.endedAt)))
        .returning({ endsOn: offers.endsOn });
      if (!ended) {
        const [exists] = await tx.select({ offerId: offers.offerId }).from(offers).where(eq(offers.offerId, offerId));
        if (!exists) throw new NotFound(offerAdminMessages.noSuchOffer);
        return false;
      }
      const [used] = await tx.select({ uses: count() }).from(offerUses).where(eq(offerUses.offerId, offerId));
      await tx.insert(offerEvents).values({ offerId, staffId: staff.staffId, kind: 'ended', after: { uses: used?.uses ?? 0 } });
      return true;
    });
  }

  private async categoryNames(needed: boolean): Promise<Map<number, string>> {
    return needed ? new Map((await this.allCategories()).map((c) => [c.categoryId, c.name])) : new Map();
  }
}

function summaryOf(offer: OfferRow, cost: { orders: number | null; discountPence: number | null; deliverySavedPence: number | null }, categoryNames: ReadonlyMap<number, string>, today: string): OfferSummary {
  const state = offerStateOf(offer, today);
  return {
    offerId: offer.offerId,
    name: offer.name,
    code: offer.code,
    state,
    stateLabel: OFFER_STATE_LABELS[state],
    takesOff: offerTakesOff(offer),
    covers: offerCovers(offer, categoryNames),
    minSpendPence: offer.minSpendPence,
    whoFor: offerWhoFor(offer),
    startsOn: offer.startsOn,
    endsOn: offer.endsOn,
    // Its offer_uses rows: `offers.uses` is kept only for an offer with a limit in all (offer-uses.ts).
    uses: Number(cost.orders ?? 0),
    maxUses: offer.maxUses,
    maxUsesPerCustomer: offer.maxUsesPerCustomer,
    orders: Number(cost.orders ?? 0),
    discountPence: Number(cost.discountPence ?? 0),
    deliverySavedPence: Number(cost.deliverySavedPence ?? 0),
    createdAt: isoSeconds(offer.createdAt),
  };
}

/** An audit entry in words: "Made with the code SPRING10: 10% off · Mailing Bags · Everyone", "Ended early, after 12 uses". */
function describeOfferEvent(event: Row<typeof offerEvents>): string {
  const after = event.after ?? {};
  if (event.kind === 'ended') return `Ended early, after ${counted(Number(after.uses ?? 0), 'use', 'uses')}`;
  const code = typeof after.code === 'string' ? `with the code ${after.code}` : 'automatic';
  return `Made ${code}: ${String(after.takesOff)} · ${String(after.covers)} · ${String(after.whoFor)}`;
}

/** The categories ticked, if all are in the catalogue. */
async function knownCategories(tx: Executor, ids: readonly number[], problems: FieldProblem[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await tx.select({ categoryId: categories.categoryId }).from(categories).where(inArray(categories.categoryId, unique));
  if (found.length !== unique.length) problems.push({ field: 'category_ids', message: m.unknownCategory });
  return unique;
}

/** The sizes named one a line: "CODE" is every size of the product, "CODE SIZE" the size written so (any case). */
async function sizesNamed(tx: Executor, lines: readonly string[], problems: FieldProblem[]): Promise<number[]> {
  const wanted = lines.map((line) => {
    const [code, ...size] = line.split(/\s+/);
    return { code: code!, size: size.join(' ') };
  });
  const codes = [...new Set(wanted.map((w) => w.code.toLowerCase()))];
  const rows = await tx
    .select({ productCode: products.productCode, productSizeId: productSizes.productSizeId, size1: productSizes.size1 })
    .from(productSizes)
    .innerJoin(products, eq(products.productId, productSizes.productId))
    .where(inArray(sql`lower(${products.productCode})`, codes))
    .orderBy(productSizes.productSizeId);
  const ids = new Set<number>();
  for (const { code, size } of wanted) {
    const ofProduct = rows.filter((row) => row.productCode.toLowerCase() === code.toLowerCase());
    const chosen = size === '' ? ofProduct : ofProduct.filter((row) => row.size1.trim().replace(/\s+/g, ' ').toLowerCase() === size.toLowerCase());
    if (ofProduct.length === 0) problems.push({ field: 'sizes', message: m.unknownProduct(code) });
    else if (chosen.length === 0) problems.push({ field: 'sizes', message: m.unknownSize(ofProduct[0]!.productCode, size) });
    for (const row of chosen) ids.add(row.productSizeId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The customers named by e-mail (any case); an unknown or closed account is refused. */
async function customersNamed(tx: Executor, emails: readonly string[], problems: FieldProblem[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await tx
    .select({ userId: users.userId, email: users.email, closedAt: users.closedAt })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())));
  const ids: number[] = [];
  for (const email of emails) {
    const user = rows.find((row) => row.email.toLowerCase() === email.toLowerCase());
    if (!user) problems.push({ field: 'customer_emails', message: m.unknownCustomer(email) });
    else if (user.closedAt !== null) problems.push({ field: 'customer_emails', message: m.closedCustomer(email) });
    else ids.push(user.userId);
  }
  return ids;
}

/** The companies named (any case); an unknown name, or one two companies share, is refused. */
async function companiesNamed(tx: Executor, names: readonly string[], problems: FieldProblem[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await tx
    .select({ companyId: companies.companyId, name: companies.name })
    .from(companies)
    .where(inArray(sql`lower(${companies.name})`, names.map((name) => name.toLowerCase())));
  const ids: number[] = [];
  for (const name of names) {
    const matching = rows.filter((row) => row.name.toLowerCase() === name.toLowerCase());
    if (matching.length === 0) problems.push({ field: 'company_names', message: m.unknownCompany(name) });
    else if (matching.length > 1) problems.push({ field: 'company_names', message: m.ambiguousCompany(name) });
    else ids.push(matching[0]!.companyId);
  }
  return ids;
}
