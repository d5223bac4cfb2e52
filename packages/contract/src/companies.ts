/**
 * Companies (docs/companies.md): a trade account's members, their roles and spending limits, and
 * the approval requests of orders over a limit. One schema per feature, parsed by the page's
 * action (a plain form, so limits arrive as text) and by the JSON API (numbers): both shapes are
 * accepted here, so the two cannot drift.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, withoutDirectionControls } from './field-rules.ts';
import { fieldMessages as m } from './messages.ts';
import { APPROVAL_STATES, COMPANY_ROLES, MAX_SPENDING_LIMIT_POUNDS } from './company-roles.ts';
import { placeOrderBodySchema } from './orders.ts';

export * from './company-roles.ts';

export const companyMessages = {
  role: 'Choose a role: admin, buyer or viewer.',
  limit: `A limit is an amount in pounds from £0.01 to £${MAX_SPENDING_LIMIT_POUNDS.toLocaleString('en-GB')}, or empty for no limit.`,
  declineReason: 'Say why the order is declined (1-300 characters).',
  companyName: 'Company name is required. (1-100) Characters',
} as const;

const text = (min: number, max: number, message: string) => z.string({ error: message }).overwrite(withoutDirectionControls).trim().min(min, message).max(max, message);

export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: companyMessages.role });

/** £0.01 to £1,000,000 with at most two decimals, an optional £ and thousands commas; or nothing. */
const SPENDING_LIMIT_TEXT = /^\s*£?\s*(?:(?:[1-9]\d{0,5}|[1-9]\d{0,2},\d{3})(?:\.\d{1,2})?|0\.(?:0[1-9]|[1-9]\d?)|1,?000,?000(?:\.00?)?)?\s*$/;

/**
 * A spending limit in pounds ex VAT, or no limit: a JSON number or null (API), or the form's text
 * ('250', '250.00', '£1,000'; empty for none). Answers pence, or null for no limit.
 */
export const spendingLimitSchema = z
  .union([
    // The range and pennies as the JSON Schema documents them (the API's number).
    z.number({ error: companyMessages.limit }).min(0.01, companyMessages.limit).max(MAX_SPENDING_LIMIT_POUNDS, companyMessages.limit).multipleOf(0.01, companyMessages.limit),
    // The form's text: '250', '£1,000.50', ' 0.5 '; empty for none. The pattern documents exactly what the transform accepts.
    z.string({ error: companyMessages.limit }).regex(SPENDING_LIMIT_TEXT, companyMessages.limit),
    z.null(),
  ])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null) return null;
    const typed = typeof value === 'number' ? value : value.replace(/[£,\s]/g, '');
    if (typed === '') return null;
    const pounds = typeof typed === 'number' ? typed : /^\d+(\.\d{1,2})?$/.test(typed) ? Number(typed) : NaN;
    const pence = Math.round(pounds * 100);
    if (!Number.isFinite(pounds) || Math.abs(pounds * 100 - pence) > 1e-6 || pence < 1 || pounds > MAX_SPENDING_LIMIT_POUNDS) {
      context.addIssue({ code: 'custom', message: companyMessages.limit });
      return z.NEVER;
    }
    return pence;
  });

/** The limits and role of a member: the admin's "change" form, PUT /api/company/buyers/{id}. */
export const companyMemberChangeSchema = z
  .object({
    role: companyRoleSchema,
    order_limit: spendingLimitSchema.describe('Most one order may be, in pounds ex VAT; null for no limit'),
    monthly_limit: spendingLimitSchema.describe("Most the member's orders of one London calendar month may add up to, in pounds ex VAT; null for no limit"),
  })
  .meta({ id: 'CompanyMemberChange' });
export type CompanyMemberChange = z.output<typeof companyMemberChangeSchema>;

/** Inviting a buyer: the invite form on the company page, POST /api/company/buyers. */
export const companyInviteSchema = companyMemberChangeSchema
  .extend({
    first_name: text(1, 50, m.firstName),
    last_name: text(1, 50, m.lastName),
    email: text(4, 99, m.signUpEmail).regex(EMAIL_PATTERN, m.signUpEmail),
  })
  .meta({ id: 'CompanyInvite' });
export type CompanyInvite = z.output<typeof companyInviteSchema>;

/** Declining an approval request: the admin's reason, told to the buyer (the request's page, POST /api/company/approvals/{id}/decline). */
export const approvalDeclineSchema = z
  .object({ reason: text(1, 300, companyMessages.declineReason).describe("Why, in the buyer's words: e-mailed to them and shown on their request") })
  .meta({ id: 'ApprovalDecline' });
export type ApprovalDecline = z.output<typeof approvalDeclineSchema>;

/**
 * A buyer sends their basket for approval (the payment step's "Send for approval", POST
 * /api/company/approvals): the totals they saw (a different server total answers 409), the
 * addresses, the delivery note and their purchase order number, as placing an order takes them.
 */
export const approvalRequestBodySchema = placeOrderBodySchema
  .pick({ sub_total: true, delivery_fee: true, total_tax: true, total: true, note: true, purchase_order_number: true, address_id: true, billing_address_id: true })
  .meta({ id: 'ApprovalRequestBody' });
export type ApprovalRequestBody = z.output<typeof approvalRequestBodySchema>;

const approvalLineSchema = z.object({
  product_id: z.number().int(),
  product_price_id: z.number().int(),
  item_name: z.string().describe('The product with its size, as the order will name it'),
  qty: z.number().int().describe('Units in one pack'),
  count: z.number().int().describe('Packs'),
  price: z.number().describe('One pack, pounds ex VAT, as held'),
  total: z.number().describe('price x count, pounds ex VAT'),
});

export const approvalRequestSchema = z
  .object({
    approval_request_id: z.number().int(),
    state: z.enum(APPROVAL_STATES).describe("'expired': still waiting when its prices stopped being held; nothing more can happen to it but withdrawing"),
    state_label: z.string().describe('The state in words'),
    buyer: z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() }),
    reason: z.string().describe('Which limit the order is over, and by how much'),
    lines: z.array(approvalLineSchema),
    sub_total: z.number(),
    discount: z.number().describe("What the basket's offers take off the goods, before VAT; total = sub_total - discount + delivery_fee + total_tax"),
    delivery_fee: z.number(),
    total_tax: z.number(),
    total: z.number().describe('Pounds inc VAT, at the prices held'),
    payment_method: z.enum(['account', 'bank']).describe("'account': on the company's trade account when approved; 'bank': the buyer pays after approval (bank transfer with the order's reference, or card on the order's page)"),
    delivery_address: z.string().nullable().describe('One line; null when the address was deleted since'),
    note: z.string(),
    purchase_order_number: z.string().nullable(),
    created: z.string().describe('ISO 8601'),
    held_until: z.string().describe('ISO 8601: prices are held, and an admin may approve, until then'),
    decided_by: z.string().nullable().describe('The admin who approved or declined it'),
    decided_at: z.string().nullable(),
    decline_reason: z.string().nullable(),
    changes: z.string().nullable().describe('What changed between the request and the decision: prices kept at the held ones, or stock, products or credit that kept the order from being placed'),
    order_id: z.number().int().nullable().describe('The order placed when it was approved'),
    can: z.object({ approve: z.boolean(), decline: z.boolean(), withdraw: z.boolean() }).describe('The moves the caller may make now'),
  })
  .meta({ id: 'ApprovalRequest' });
export type ApprovalRequestDto = z.infer<typeof approvalRequestSchema>;

export const approvalIdParamsSchema = z.object({ requestId: z.coerce.number({ error: 'requestId must be a number' }).int().positive().max(2_147_483_647) });

/** Staff renaming a company (back office). */
export const companyRenameSchema = z.object({ name: text(1, 100, companyMessages.companyName) });

const memberSchema = z
  .object({
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: companyRoleSchema,
    order_limit: z.number().nullable().describe('Pounds ex VAT; null: no limit'),
    monthly_limit: z.number().nullable().describe('Pounds ex VAT per London calendar month; null: no limit'),
    spent_this_month: z.number().describe("Pounds ex VAT of the member's orders placed this London month (not cancelled)"),
    joined: z.string().describe('ISO 8601'),
    invitation_pending: z.boolean().describe('True until the member has chosen a password through the invitation link'),
  })
  .meta({ id: 'CompanyMember' });
export type CompanyMemberDto = z.infer<typeof memberSchema>;

export const companyResponseSchema = z
  .object({
    company_id: z.number().int(),
    name: z.string(),
    your_role: companyRoleSchema,
    members: z.array(memberSchema),
  })
  .meta({ id: 'Company' });
export type CompanyDto = z.infer<typeof companyResponseSchema>;

export const companyMemberIdParamsSchema = z.object({ userId: z.coerce.number({ error: 'userId must be a number' }).int().positive() });
