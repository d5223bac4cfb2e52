/**
 * Companies (docs/companies.md, DESIGN section 14): a trade account belongs to a company whose
 * members order for it, each with a role.
 *
 * - admin: everything; sees every order of the company; invites, changes and removes members
 *   and sets their spending limits; approves or declines orders over a limit (approvals.ts).
 * - buyer: orders within their limits; sees their own orders.
 * - viewer: sees the company's orders and invoices; cannot order (the order writer refuses).
 *
 * A member is invited by e-mail: an account is made for them with a password nobody knows and
 * the shop's own single-use set-password link (the reset token of accounts/, valid for
 * INVITATION_TTL_MS here), as staff's phone orders do. A removed member's sign-ins end at once
 * (every token revoked); their account stays, a customer of no
 * company, and the company's orders and addresses stay the company's. A company always keeps
 * an admin. Nobody outside a company learns anything of it: a member id that is not one of the
 * caller's company is "not found". Every change is audited on the member's customer history
 * (staff's with their id; a company admin's with `after.by`).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COMPANY_ROLE_LABELS, formatPounds, type CompanyDto, type CompanyInvite, type CompanyMemberChange, type CompanyMemberDto, type CompanyRole } from '@shop/contract';
import { columnsOf, companies, figuresOf, companyMembers, queryNumber, queryRows, users, type Database, type Executor } from '@shop/db';
import { hashPassword } from '../accounts/password-hashing.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import { passwordResetJob } from '../email/email-jobs.ts';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';

/** How long an invitation's set-password link works: a week (a reset link works an hour). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Membership {
  companyId: number;
  companyName: string;
  role: CompanyRole;
  orderLimitPence: Pence | null;
  monthlyLimitPence: Pence | null;
}

export const companyAccessMessages = {
  notMember: 'You are not a member of a company.',
  adminsOnly: "Only your company's admins can do this.",
  viewerCannotOrder: (company: string) =>
    `Your role at ${company} is viewer: you can see the company's orders and invoices but not order. Nothing was ordered. Ask your company's admin to make you a buyer.`,
  noSuchMember: (userId: number) => `Your company has no member ${userId}.`,
  emailTaken:
    'This e-mail address already has an account with us, so it cannot be invited. Ask us to add that account to your company, or invite another address.',
  /** The payment step's words for an order over a limit: what the buyer reads above "Send for approval". */
  orderLimitNotice: (value: Pence, limit: Pence) =>
    `This order of ${formatPounds(penceToPounds(value))} ex VAT is over your limit of ${formatPounds(penceToPounds(limit))} per order, so it needs your company's admin's approval.`,
  monthlyLimitNotice: (value: Pence, spent: Pence, limit: Pence) =>
    `This order of ${formatPounds(penceToPounds(value))} ex VAT would take your orders this month to ${formatPounds(penceToPounds(spent + value))}, ` +
    `over your monthly limit of ${formatPounds(penceToPounds(limit))}, so it needs your company's admin's approval.`,
  /** Checkout's refusal (the payment step shows the notice and "Send for approval" instead). */
  overLimitRefusal: (notice: string) =>
    `${notice} Nothing was ordered. Send it for approval from the payment step (or POST /api/company/approvals), or make it smaller.`,
  /** A quote accepted by a buyer over a limit: an admin raises the limit (quotes are not sent for approval). */
  overLimitQuoteRefusal: (notice: string) =>
    `${notice.replace('This order', 'Accepting this quote')} Nothing was ordered. Ask your company's admin to raise your limit, then accept the quote again; it stays open until it expires.`,
  /** Why a request waits, as the buyer and the admins read it on the request. */
  orderLimitReason: (value: Pence, limit: Pence) =>
    `${formatPounds(penceToPounds(value))} ex VAT is over the buyer's limit of ${formatPounds(penceToPounds(limit))} per order.`,
  monthlyLimitReason: (value: Pence, spent: Pence, limit: Pence) =>
    `${formatPounds(penceToPounds(value))} ex VAT would take the buyer's orders this month to ${formatPounds(penceToPounds(spent + value))}, over their limit of ${formatPounds(penceToPounds(limit))} a month.`,
  lastAdmin: 'A company needs at least one admin: make another member admin first.',
  invited: (name: string, email: string) => `${name} has been invited: we e-mailed ${email} a link to choose a password (it works for 7 days).`,
  changed: (name: string) => `${name}'s role and limits are saved.`,
  removed: (name: string) => `${name} has been removed from the company and signed out everywhere.`,
} as const;

const MEMBER = columnsOf(companyMembers, ['userId', 'companyId', 'role', 'orderLimitPence', 'monthlyLimitPence', 'joinedAt', 'invitedBy'], 'm');
const PERSON = columnsOf(users, ['firstName', 'lastName', 'email'], 'u');
const COMPANY = columnsOf(companies, ['companyId', 'name', 'createdAt'], 'c');
/** Computed beside a member's row: spent this month (pence) and whether their invitation is still unused. */
const MEMBER_FIGURES = figuresOf({ spent: 'number', pending: 'boolean' });
/** Computed beside a company's row in the back office's list. */
const COMPANY_FIGURES = figuresOf({ members: 'number', admins: 'text?', trade_account: 'boolean' });

export interface CompaniesOptions {
  jobs: JobQueue;
  tokens: TokenService;
  now?: () => Date;
}

/** The start of the London calendar month holding `at` (SQL timestamptz). */
export function londonMonthStart(at: Date) {
  return sql`(date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')`;
}

/** What a member's orders of this London month add up to, ex VAT (goods and delivery), not counting cancelled ones (SQL, pence). */
export function spentThisMonth(userId: SQL_, companyId: SQL_, now: Date) {
  return sql`COALESCE((SELECT sum(o.total_pence - o.total_tax_pence) FROM orders o
                       WHERE o.user_id = ${userId} AND o.company_id = ${companyId} AND o.status <> 'Cancelled'
                         AND o.created >= ${londonMonthStart(now)}), 0)`;
}
type SQL_ = ReturnType<typeof sql>;

/** A customer's place in a company, as the order writer checks it; null for a customer of no company. */
export interface OrderingMembership {
  companyId: number;
  companyName: string;
  role: CompanyRole;
  orderLimitPence: Pence | null;
  monthlyLimitPence: Pence | null;
}

const MEMBERSHIP = columnsOf(companyMembers, ['companyId', 'role', 'orderLimitPence', 'monthlyLimitPence'], 'm');

/**
 * The customer's membership as one JSON column of another statement (null for a customer of no
 * company): checkout reads it with its locked basket, a round trip fewer per order. Read back
 * with `membershipFromColumn`.
 */
export function orderingMembershipColumn(userId: number): SQL_ {
  return sql`(SELECT json_build_object(${MEMBERSHIP.json}, 'companyName', co.name)
              FROM company_members m JOIN companies co ON co.company_id = m.company_id WHERE m.user_id = ${userId})`;
}

/** `orderingMembershipColumn`'s value as the order writer checks it. */
export function membershipFromColumn(raw: unknown): OrderingMembership | null {
  // Both drivers answer a JSON column parsed.
  if (raw === null || raw === undefined) return null;
  const value = raw as { companyName: string };
  return { ...MEMBERSHIP.read(value), companyName: value.companyName };
}

/** The customer's membership, read in the caller's transaction (one read serves requireMayOrder and limitExceeded). */
export async function orderingMembershipOf(tx: Executor, userId: number): Promise<OrderingMembership | null> {
  const [membership] = await tx
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      orderLimitPence: companyMembers.orderLimitPence,
      monthlyLimitPence: companyMembers.monthlyLimitPence,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.companyId, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return membership ?? null;
}

/** The order writer's check (orders/order-writer.ts): a viewer cannot order, whichever way (checkout, a quote accepted, staff's phone order). */
export function requireMayOrder(membership: OrderingMembership | null): void {
  if (membership?.role === 'viewer') throw new Forbidden(companyAccessMessages.viewerCannotOrder(membership.companyName));
}

/** Which limit an order is over, with the words for refusing it (checkout) and for the request that waits (approvals). */
export interface LimitExceeded {
  limit: 'order' | 'month';
  /** The buyer's words: the payment step's notice. */
  notice: string;
  /** Checkout's refusal: the notice, and what to do. */
  refusal: string;
  /** The request's words, for the buyer and the admins. */
  reason: string;
}

/**
 * Whether a buyer's order of this value (ex VAT: goods and delivery before VAT) is over their
 * limits: the order alone over the per-order limit, or with the buyer's orders of this London
 * month over the monthly one. Null when within them; admins, viewers and customers of no
 * company have no limits. Read in the caller's transaction, after the basket lock, so one
 * buyer's checkouts are counted one after the other.
 */
export async function limitExceeded(
  tx: Executor,
  userId: number,
  orderValuePence: Pence,
  now: Date,
  membership?: OrderingMembership | null,
): Promise<LimitExceeded | null> {
  const member = membership === undefined ? await orderingMembershipOf(tx, userId) : membership;
  if (!member || member.role !== 'buyer') return null;
  if (member.orderLimitPence !== null && orderValuePence > member.orderLimitPence) {
    const notice = companyAccessMessages.orderLimitNotice(orderValuePence, member.orderLimitPence);
    return { limit: 'order', notice, refusal: companyAccessMessages.overLimitRefusal(notice), reason: companyAccessMessages.orderLimitReason(orderValuePence, member.orderLimitPence) };
  }
  if (member.monthlyLimitPence === null) return null;
  const spent = await queryNumber(tx, sql`SELECT ${spentThisMonth(sql`${userId}::int`, sql`${member.companyId}::int`, now)} AS value`);
  if (spent + orderValuePence <= member.monthlyLimitPence) return null;
  const notice = companyAccessMessages.monthlyLimitNotice(orderValuePence, spent, member.monthlyLimitPence);
  return { limit: 'month', notice, refusal: companyAccessMessages.overLimitRefusal(notice), reason: companyAccessMessages.monthlyLimitReason(orderValuePence, spent, member.monthlyLimitPence) };
}

/**
 * Checkout's check of a buyer's spending limits: an order over one is not placed (403, which
 * limit in `details.limit`); the buyer sends it for approval instead (approvals.ts).
 */
export async function requireWithinLimits(
  tx: Executor,
  userId: number,
  orderValuePence: Pence,
  now: Date,
  membership: OrderingMembership | null,
  refusal: (notice: string) => string = companyAccessMessages.overLimitRefusal,
): Promise<void> {
  const over = await limitExceeded(tx, userId, orderValuePence, now, membership);
  if (over) throw new Forbidden(refusal(over.notice), { limit: over.limit });
}

/**
 * Who answers for what the user owes on account (payment reminders): their company's admins,
 * else the user. A buyer's overdue order is paid by whoever runs the company's money.
 */
export async function payersOf(executor: Executor, userId: number): Promise<number[]> {
  const [member] = await executor.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  if (!member) return [userId];
  const admins = await executor
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, member.companyId), eq(companyMembers.role, 'admin')))
    .orderBy(companyMembers.userId);
  return admins.length > 0 ? admins.map((admin) => admin.userId) : [userId];
}

export class Companies {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: CompaniesOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The user's company and role, or null when they are in none. */
  async membershipOf(userId: number, executor: Executor = this.db): Promise<Membership | null> {
    const [row] = await executor
      .select({
        companyId: companyMembers.companyId,
        companyName: companies.name,
        role: companyMembers.role,
        orderLimitPence: companyMembers.orderLimitPence,
        monthlyLimitPence: companyMembers.monthlyLimitPence,
      })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.companyId, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    return row ?? null;
  }


  /** What a member's orders of this London month add up to, ex VAT. */
  async spentThisMonthPence(userId: number, companyId: number, executor: Executor = this.db): Promise<Pence> {
    return queryNumber(executor, sql`SELECT ${spentThisMonth(sql`${userId}::int`, sql`${companyId}::int`, this.now())} AS value`);
  }

  /** The company page: the caller's company with its members; null when the caller is in none. */
  async companyOf(callerUserId: number | null): Promise<CompanyDto | null> {
    if (callerUserId === null) throw new Unauthorized();
    const membership = await this.membershipOf(callerUserId);
    if (!membership) return null;
    return { ...(await this.companyView(membership.companyId)), your_role: membership.role };
  }

  /** A company with its members (the back office; the customer's page adds their role). */
  async companyView(companyId: number, executor: Executor = this.db): Promise<Omit<CompanyDto, 'your_role'> & { created: string }> {
    const [company] = await queryRows<object>(executor, sql`SELECT ${COMPANY.list} FROM companies c WHERE c.company_id = ${companyId}`);
    if (!company) throw new NotFound(`There is no company ${companyId}.`);
    const { name, createdAt } = COMPANY.read(company);
    // The members' columns (MEMBER, PERSON) and two figures computed here, not a table's columns.
    const rows = await queryRows<object>(
      executor,
      sql`SELECT ${MEMBER.list}, ${PERSON.list}, ${spentThisMonth(sql`m.user_id`, sql`m.company_id`, this.now())} AS spent,
                 (EXISTS (SELECT 1 FROM customer_events e WHERE e.user_id = m.user_id AND e.kind = 'company.member-invited')
                  AND NOT EXISTS (SELECT 1 FROM auth_tokens a WHERE a.user_id = m.user_id AND a.kind = 'access')) AS pending
          FROM company_members m JOIN users u ON u.user_id = m.user_id
          WHERE m.company_id = ${companyId}
          ORDER BY CASE m.role WHEN 'admin' THEN 0 WHEN 'buyer' THEN 1 ELSE 2 END, lower(u.last_name), lower(u.first_name), m.user_id`,
    );
    const members: CompanyMemberDto[] = rows.map((row) => {
      const member = MEMBER.read(row);
      const person = PERSON.read(row);
      const figures = MEMBER_FIGURES.read(row);
      return {
        user_id: member.userId,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        role: member.role,
        order_limit: member.orderLimitPence === null ? null : penceToPounds(member.orderLimitPence),
        monthly_limit: member.monthlyLimitPence === null ? null : penceToPounds(member.monthlyLimitPence),
        spent_this_month: penceToPounds(figures.spent),
        joined: member.joinedAt.toISOString(),
        invitation_pending: figures.pending,
      };
    });
    return { company_id: companyId, name, created: createdAt.toISOString(), members };
  }

  /**
   * A company admin invites someone by e-mail: an account with a password nobody knows, a member
   * of the admin's company in the role and limits given, and the invitation e-mail with its
   * set-password link. An e-mail address that already has an account is refused (staff can add
   * an existing customer; nobody is put into a company they did not ask to join).
   */
  async invite(callerUserId: number | null, invite: CompanyInvite): Promise<CompanyMemberDto> {
    const admin = await this.requireAdmin(callerUserId);
    return this.inviteInto(admin.companyId, { invitedBy: callerUserId!, staffId: null }, invite);
  }

  /** Staff invite a buyer into a company (back office), as its admin would. */
  async inviteByStaff(staffId: number, companyId: number, invite: CompanyInvite): Promise<CompanyMemberDto> {
    return this.inviteInto(companyId, { invitedBy: null, staffId }, invite);
  }

  private async inviteInto(companyId: number, by: { invitedBy: number | null; staffId: number | null }, invite: CompanyInvite): Promise<CompanyMemberDto> {
    // A password nobody knows: the member chooses theirs through the link.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const userId = await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.companyId, companyId));
      if (!company) throw new NotFound(`There is no company ${companyId}.`);
      const [made] = await tx
        .insert(users)
        .values({ firstName: invite.first_name, lastName: invite.last_name, email: invite.email, passwordHash, phone: '', newsletter: false })
        .onConflictDoNothing()
        .returning({ userId: users.userId });
      if (!made) throw new Conflict(companyAccessMessages.emailTaken, { fields: [{ field: 'email', message: companyAccessMessages.emailTaken }] });
      await tx.insert(companyMembers).values({
        userId: made.userId,
        companyId,
        role: invite.role,
        orderLimitPence: invite.order_limit,
        monthlyLimitPence: invite.monthly_limit,
        invitedBy: by.invitedBy,
      });
      const token = await this.options.tokens.issue(made.userId, 'reset', tx, INVITATION_TTL_MS);
      const inviter = by.invitedBy === null ? null : await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.userId, by.invitedBy));
      await this.options.jobs.record(
        passwordResetJob(made.userId, token, new Date(Date.now() + INVITATION_TTL_MS), 'company-invite', {
          company: company.name,
          invitedBy: inviter?.[0] ? `${inviter[0].firstName} ${inviter[0].lastName}` : null,
          role: COMPANY_ROLE_LABELS[invite.role].name,
        }),
        tx,
      );
      await recordCustomerEvent(tx, {
        userId: made.userId,
        staffId: by.staffId,
        kind: 'company.member-invited',
        before: null,
        after: { companyId, company: company.name, role: invite.role, ...limitsOf(invite), ...(by.invitedBy ? { by: 'company-admin', adminUserId: by.invitedBy } : {}) },
      });
      return made.userId;
    });
    this.options.jobs.wakeWorkers();
    const view = await this.companyView(companyId);
    return view.members.find((member) => member.user_id === userId)!;
  }

  /** A company admin changes a member's role and limits. */
  async changeMember(callerUserId: number | null, memberUserId: number, change: CompanyMemberChange): Promise<CompanyMemberDto> {
    const admin = await this.requireAdmin(callerUserId);
    return this.changeIn(admin.companyId, memberUserId, change, { staffId: null, adminUserId: callerUserId! });
  }

  /** Staff change a member's role and limits (back office). */
  async changeMemberByStaff(staffId: number, companyId: number, memberUserId: number, change: CompanyMemberChange): Promise<CompanyMemberDto> {
    return this.changeIn(companyId, memberUserId, change, { staffId, adminUserId: null });
  }

  private async changeIn(companyId: number, memberUserId: number, change: CompanyMemberChange, by: { staffId: number | null; adminUserId: number | null }): Promise<CompanyMemberDto> {
    await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const before = await this.lockedMember(tx, companyId, memberUserId);
      if (before.role === 'admin' && change.role !== 'admin') await this.requireAnotherAdmin(tx, companyId, memberUserId);
      await tx
        .update(companyMembers)
        .set({ role: change.role, orderLimitPence: change.order_limit, monthlyLimitPence: change.monthly_limit })
        .where(eq(companyMembers.userId, memberUserId));
      const was = { role: before.role, ...limitsOf({ order_limit: before.orderLimitPence, monthly_limit: before.monthlyLimitPence }) };
      const now = { role: change.role, ...limitsOf(change) };
      if (JSON.stringify(was) === JSON.stringify(now)) return;
      await recordCustomerEvent(tx, {
        userId: memberUserId,
        staffId: by.staffId,
        kind: 'company.member-changed',
        before: { companyId, ...was },
        after: { companyId, ...now, ...(by.adminUserId ? { by: 'company-admin', adminUserId: by.adminUserId } : {}) },
      });
    });
    const view = await this.companyView(companyId);
    return view.members.find((member) => member.user_id === memberUserId)!;
  }

  /**
   * A company admin removes a member: they leave the company, and every sign-in of theirs ends
   * at once (tokens revoked). Their waiting approval requests end too.
   */
  async removeMember(callerUserId: number | null, memberUserId: number): Promise<void> {
    const admin = await this.requireAdmin(callerUserId);
    await this.removeFrom(admin.companyId, memberUserId, { staffId: null, adminUserId: callerUserId! });
  }

  /** Staff remove a member (back office). */
  async removeMemberByStaff(staffId: number, companyId: number, memberUserId: number): Promise<void> {
    await this.removeFrom(companyId, memberUserId, { staffId, adminUserId: null });
  }

  private async removeFrom(companyId: number, memberUserId: number, by: { staffId: number | null; adminUserId: number | null }): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const before = await this.lockedMember(tx, companyId, memberUserId);
      if (before.role === 'admin') await this.requireAnotherAdmin(tx, companyId, memberUserId);
      await tx.delete(companyMembers).where(and(eq(companyMembers.userId, memberUserId), eq(companyMembers.companyId, companyId)));
      await tx.execute(
        sql`UPDATE approval_requests SET status = 'declined', decided_at = now(), decline_reason = 'The buyer was removed from the company.'
            WHERE user_id = ${memberUserId} AND status = 'waiting'`,
      );
      await this.options.tokens.revokeAllOfUser(memberUserId, tx);
      await recordCustomerEvent(tx, {
        userId: memberUserId,
        staffId: by.staffId,
        kind: 'company.member-removed',
        before: { companyId, role: before.role },
        after: { companyId, ...(by.adminUserId ? { by: 'company-admin', adminUserId: by.adminUserId } : {}) },
      });
    });
  }

  /** Staff rename a company (back office), audited on each admin's history. */
  async renameByStaff(staffId: number, companyId: number, name: string): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const [before] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.companyId, companyId)).for('update');
      if (!before) throw new NotFound(`There is no company ${companyId}.`);
      if (before.name === name) return;
      await tx.update(companies).set({ name }).where(eq(companies.companyId, companyId));
      const admins = await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
      for (const admin of admins) {
        await recordCustomerEvent(tx, { userId: admin.userId, staffId, kind: 'company.renamed', before: { companyId, name: before.name }, after: { companyId, name } });
      }
    });
  }

  /** Companies for the back office's list: name or a member's name or e-mail containing `search`. */
  async search(search: string, limit = 100): Promise<{ companyId: number; name: string; members: number; admins: string; tradeAccount: boolean }[]> {
    const like = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The company's columns (COMPANY) and three figures computed here, not a table's columns.
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${COMPANY.list}, (SELECT count(*) FROM company_members m WHERE m.company_id = c.company_id) AS members,
                 (SELECT string_agg(u.first_name || ' ' || u.last_name, ', ' ORDER BY u.user_id) FROM company_members m JOIN users u ON u.user_id = m.user_id
                   WHERE m.company_id = c.company_id AND m.role = 'admin') AS admins,
                 EXISTS (SELECT 1 FROM trade_accounts t WHERE t.company_id = c.company_id AND t.closed_at IS NULL) AS trade_account
          FROM companies c
          WHERE ${search.trim() === '' ? sql`true` : sql`(lower(c.name) LIKE ${like} OR EXISTS (SELECT 1 FROM company_members m JOIN users u ON u.user_id = m.user_id
                 WHERE m.company_id = c.company_id AND (lower(u.email) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like})))`}
          ORDER BY lower(c.name), c.company_id
          LIMIT ${limit}`,
    );
    return rows.map((row) => {
      const { companyId, name } = COMPANY.read(row);
      const { members, admins, trade_account } = COMPANY_FIGURES.read(row);
      return { companyId, name, members, admins: admins ?? '', tradeAccount: trade_account };
    });
  }

  /** The caller's membership when they are an admin; else Forbidden (a member) or NotFound (no company: nothing to see). */
  async requireAdmin(callerUserId: number | null): Promise<Membership> {
    if (callerUserId === null) throw new Unauthorized();
    const membership = await this.membershipOf(callerUserId);
    if (!membership) throw new NotFound(companyAccessMessages.notMember);
    if (membership.role !== 'admin') throw new Forbidden(companyAccessMessages.adminsOnly);
    return membership;
  }

  /** A member of this company, locked; anyone else is "not found" (another company's member is not the caller's to know of). */
  private async lockedMember(tx: Executor, companyId: number, memberUserId: number) {
    // The company's row first: changes to one company's admins run one after the other, so two
    // admins cannot demote each other at once and leave it without one.
    await tx.execute(sql`SELECT company_id FROM companies WHERE company_id = ${companyId} FOR UPDATE`);
    const [row] = await queryRows<object>(
      tx,
      sql`SELECT ${MEMBER.list} FROM company_members m WHERE m.user_id = ${memberUserId} AND m.company_id = ${companyId}`,
    );
    if (!row) throw new NotFound(companyAccessMessages.noSuchMember(memberUserId));
    return MEMBER.read(row);
  }

  private async requireAnotherAdmin(tx: Executor, companyId: number, memberUserId: number): Promise<void> {
    const others = await queryNumber(tx, sql`SELECT count(*) AS value FROM company_members WHERE company_id = ${companyId} AND role = 'admin' AND user_id <> ${memberUserId}`);
    if (others === 0) throw new Invalid(companyAccessMessages.lastAdmin, { fields: [{ field: 'role', message: companyAccessMessages.lastAdmin }] });
  }
}

/** Limits as the audit trail keeps them: pounds in words, or "no limit". */
function limitsOf(change: { order_limit: Pence | null; monthly_limit: Pence | null }) {
  const words = (pence: Pence | null) => (pence === null ? 'no limit' : formatPounds(penceToPounds(pence)));
  return { orderLimit: words(change.order_limit), monthlyLimit: words(change.monthly_limit) };
}
