/**
 * The back office's "New offer" form (discount codes and automatic offers, core/offers/): one
 * schema, parsed by the page's action, by core's OfferAdmin.create (the one place an offer is
 * made) and, once the page is hydrated, by the browser, so all three say the same words. What
 * only the database can tell (a code already used, a customer or company that does not exist) is
 * core's to check, with the messages here.
 *
 * Values come out as they went in (text, numbers, lists; only trimmed and codes in capitals), so
 * core can parse again what the page parsed. Pounds and percentages are typed as people write
 * them (5.50, 12.5); core turns them into pence and hundredths of a percent.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, withoutDirectionControls } from './field-rules.ts';
import { formatPounds } from './format.ts';

/** What an offer takes off, what it covers, and who may have it (packages/db's OFFER_KINDS, OFFER_TARGETS, OFFER_AUDIENCES). */
export const OFFER_FORM_KINDS = ['percent', 'amount', 'free-delivery'] as const;
export const OFFER_FORM_TARGETS = ['basket', 'categories', 'sizes'] as const;
export const OFFER_FORM_AUDIENCES = ['everyone', 'new-customers', 'named'] as const;

/** A discount code as kept: 3-40 capital letters, digits and hyphens, starting and ending with a letter or digit. */
export const OFFER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,38}[A-Z0-9]$/;
export const OFFER_NAME_MAX = 100;
export const OFFER_AMOUNT_MAX_POUNDS = 100_000;
export const OFFER_MIN_SPEND_MAX_POUNDS = 1_000_000;
export const OFFER_USES_MAX = 1_000_000;
/** The most categories, sizes, customers or companies one offer may name. */
export const OFFER_LIST_MAX = 500;

export const offerFormMessages = {
  name: `Give the offer the name customers will see, 1-${OFFER_NAME_MAX} characters (for example "10% off mailing bags").`,
  code: 'A code is 3-40 letters, digits and hyphens (for example SPRING10); leave it empty for an automatic offer.',
  codeTaken: (code: string) => `There is already an offer with the code ${code} (codes are the same in any case): choose another.`,
  kind: 'Choose what the offer takes off: a percentage, an amount or the delivery fee.',
  percent: 'A percentage is from 0.01 to 100, with at most two decimals.',
  amount: `An amount is in pounds, from £0.01 to ${formatPounds(OFFER_AMOUNT_MAX_POUNDS)}, with at most two decimals.`,
  target: 'Choose what the offer covers: the whole basket, some categories or some sizes.',
  noCategories: 'Tick at least one category.',
  tooManyCategories: `Tick at most ${OFFER_LIST_MAX} categories.`,
  unknownCategory: 'A category ticked is no longer in the catalogue: reload the page and tick again.',
  noSizes: 'Name at least one size: a product code (all its sizes), or a product code and a size, one a line.',
  tooManySizes: `Name at most ${OFFER_LIST_MAX} sizes.`,
  unknownProduct: (code: string) => `No product has the code ${code}.`,
  unknownSize: (code: string, size: string) => `The product ${code} has no size "${size}".`,
  minSpend: `A minimum spend is in pounds, from £0.00 to ${formatPounds(OFFER_MIN_SPEND_MAX_POUNDS)}, with at most two decimals; leave it empty for none.`,
  startsOn: 'Give the first day of the offer as a date.',
  endsOn: 'The last day is a date on or after the first day; leave it empty for no end.',
  endsInPast: 'The last day has passed already: give a day from today on.',
  maxUses: `Uses in all: a whole number from 1 to ${OFFER_USES_MAX.toLocaleString('en-GB')}; leave it empty for no limit.`,
  maxUsesPerCustomer: `Uses per customer: a whole number from 1 to ${OFFER_USES_MAX.toLocaleString('en-GB')}; leave it empty for no limit.`,
  perCustomerOverAll: 'Uses per customer cannot be more than the uses in all.',
  audience: 'Choose who the offer is for: everyone, new customers or the customers and companies named.',
  noneNamed: 'Name at least one customer by e-mail or one company.',
  notAnEmail: (typed: string) => `"${typed}" is not an e-mail address.`,
  tooManyNamed: `Name at most ${OFFER_LIST_MAX} customers and ${OFFER_LIST_MAX} companies.`,
  unknownCustomer: (email: string) => `No customer has the e-mail address ${email}.`,
  closedCustomer: (email: string) => `The customer ${email} has closed their account.`,
  unknownCompany: (name: string) => `No company is called "${name}".`,
  ambiguousCompany: (name: string) => `More than one company is called "${name}": rename one on its company page first.`,
} as const;

/** The e-mail addresses typed (separated by commas, semicolons, spaces or new lines), each once whatever its case. */
export function offerEmailsOf(text: string | undefined): string[] {
  return onceEach((text ?? '').split(/[\s,;]+/));
}

/** The entries typed one a line (company names, sizes), blank lines left out, each once whatever its case. */
export function offerLinesOf(text: string | undefined): string[] {
  return onceEach((text ?? '').split(/\r?\n/));
}

function onceEach(entries: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '' || seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    kept.push(entry);
  }
  return kept;
}

/** Pounds or a percentage with at most two decimals (12.5, 0.07), in spite of binary fractions. */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const decimal = (min: number, max: number, message: string) => z.number({ error: message }).min(min, message).max(max, message).refine(twoDecimals, message);
const uses = (message: string) => z.number({ error: message }).int(message).min(1, message).max(OFFER_USES_MAX, message);
/** A textarea's text: trimmed, without invisible direction controls; empty is none. */
const listText = (message: string) => z.string({ error: message }).overwrite(withoutDirectionControls).trim().max(40_000, message);

export const offerFormFields = z.object({
  name: z.string({ error: offerFormMessages.name }).overwrite(withoutDirectionControls).trim().min(1, offerFormMessages.name).max(OFFER_NAME_MAX, offerFormMessages.name),
  // Empty (or left out): an automatic offer. Kept in capitals: customers type it in any case.
  code: z
    .string({ error: offerFormMessages.code })
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || OFFER_CODE_PATTERN.test(code), offerFormMessages.code)
    .optional(),
  kind: z.enum(OFFER_FORM_KINDS, { error: offerFormMessages.kind }),
  /** 'percent': 12.5 is 12.5% off. */
  percent_off: decimal(0.01, 100, offerFormMessages.percent).optional(),
  /** 'amount': pounds off the goods covered. */
  amount_off: decimal(0.01, OFFER_AMOUNT_MAX_POUNDS, offerFormMessages.amount).optional(),
  applies_to: z.enum(OFFER_FORM_TARGETS, { error: offerFormMessages.target }).default('basket'),
  category_ids: z
    .array(z.number({ error: offerFormMessages.unknownCategory }).int(offerFormMessages.unknownCategory).positive(offerFormMessages.unknownCategory).max(2_147_483_647, offerFormMessages.unknownCategory), {
      error: offerFormMessages.unknownCategory,
    })
    .max(OFFER_LIST_MAX, offerFormMessages.tooManyCategories)
    .default([]),
  /** 'sizes': one a line, a product code (every size of it) or a product code, a space and the size ("P000123 12x9x6"). */
  sizes: listText(offerFormMessages.tooManySizes).optional(),
  /** Pounds the goods covered must come to; empty is none. */
  min_spend: decimal(0, OFFER_MIN_SPEND_MAX_POUNDS, offerFormMessages.minSpend).optional(),
  /** London days, both included. */
  starts_on: z.iso.date({ error: offerFormMessages.startsOn }),
  ends_on: z.iso.date({ error: offerFormMessages.endsOn }).optional(),
  max_uses: uses(offerFormMessages.maxUses).optional(),
  max_uses_per_customer: uses(offerFormMessages.maxUsesPerCustomer).optional(),
  audience: z.enum(OFFER_FORM_AUDIENCES, { error: offerFormMessages.audience }).default('everyone'),
  /** 'named': e-mail addresses, separated by commas, spaces or new lines. */
  customer_emails: listText(offerFormMessages.tooManyNamed).optional(),
  /** 'named': company names, one a line. */
  company_names: listText(offerFormMessages.tooManyNamed).optional(),
});

type OfferFormValues = z.output<typeof offerFormFields>;

/** The checks between fields, each told beside the field to correct, also while other fields are wrong. */
function offerFormChecks(form: Partial<OfferFormValues>, context: z.RefinementCtx): void {
  // Run also when a field was refused: then its value is as sent, of any type.
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const problem = (field: keyof OfferFormValues, message: string) => context.addIssue({ code: 'custom', path: [field], message });
  if (form.kind === 'percent' && form.percent_off === undefined) problem('percent_off', offerFormMessages.percent);
  if (form.kind === 'amount' && form.amount_off === undefined) problem('amount_off', offerFormMessages.amount);
  if (form.applies_to === 'categories' && Array.isArray(form.category_ids) && form.category_ids.length === 0) problem('category_ids', offerFormMessages.noCategories);
  if (form.applies_to === 'sizes') {
    const sizes = offerLinesOf(text(form.sizes));
    if (sizes.length === 0) problem('sizes', offerFormMessages.noSizes);
    else if (sizes.length > OFFER_LIST_MAX) problem('sizes', offerFormMessages.tooManySizes);
  }
  if (typeof form.starts_on === 'string' && typeof form.ends_on === 'string' && form.ends_on < form.starts_on) problem('ends_on', offerFormMessages.endsOn);
  if (typeof form.max_uses === 'number' && typeof form.max_uses_per_customer === 'number' && form.max_uses_per_customer > form.max_uses) {
    problem('max_uses_per_customer', offerFormMessages.perCustomerOverAll);
  }
  if (form.audience === 'named') {
    const emails = offerEmailsOf(text(form.customer_emails));
    const companies = offerLinesOf(text(form.company_names));
    const wrong = emails.find((email) => email.length > 254 || !EMAIL_PATTERN.test(email));
    if (wrong !== undefined) problem('customer_emails', offerFormMessages.notAnEmail(wrong.slice(0, 60)));
    else if (emails.length + companies.length === 0) problem('customer_emails', offerFormMessages.noneNamed);
    else if (emails.length > OFFER_LIST_MAX || companies.length > OFFER_LIST_MAX) problem(emails.length > OFFER_LIST_MAX ? 'customer_emails' : 'company_names', offerFormMessages.tooManyNamed);
  }
}

/**
 * A new offer as staff fill it in. The fields a kind, target or audience does not use are
 * ignored (a percentage left typed on an amount offer, say), so switching back and forth on the
 * form loses nothing.
 */
export const offerFormSchema = offerFormFields.superRefine(offerFormChecks, { when: ({ value }) => typeof value === 'object' && value !== null });

/** The form as core takes it (the page passes what it parsed; a test or script may pass the fields as typed). */
export type OfferFormInput = z.input<typeof offerFormSchema>;
export type OfferForm = z.output<typeof offerFormSchema>;
