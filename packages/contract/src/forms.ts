/**
 * One zod schema per storefront form, with SPEC 5's messages (DESIGN section 10, "Forms"): the
 * page's action parses the posted form with it (Conform's parseWithZod), the browser checks the
 * same schema once the page is hydrated, and the JSON API's bodies (accounts.ts, addresses.ts,
 * account-settings.ts) are built from the same field schemas. No OpenAPI descriptions here: this
 * module (`@shop/contract/forms`) is all of the contract a form page downloads.
 *
 * A form's empty field reaches its schema as undefined (parseWithZod), so every field says its
 * own message when missing too (`{ error }`), never zod's "expected string".
 */
import { z } from 'zod';
import { ADDRESS_PHONE_PATTERN, EMAIL_PATTERN, PACK_COUNT_MAX, PACK_COUNT_MIN, normaliseVatNumber, VAT_NUMBER_OR_BLANK, withoutDirectionControls } from './field-rules.ts';
import { accountSettingsMessages as a, backInStockMessages as b, fieldMessages as m, quoteRequestMessages as q, returnRequestMessages as r } from './messages.ts';
import { ORDER_LINES_MAX } from './form-limits.ts';
import { PRICE_BASES } from './price-display.ts';

// The back office's offer form is checked in the browser too (its page loads these schemas once hydrated).
export * from './offer-form.ts';

/**
 * Text of min-max characters once trimmed, with one message for missing, too short and too long
 * (SPEC 5); invisible direction controls are dropped first (withoutDirectionControls).
 */
const text = (min: number, max: number, message: string) => z.string({ error: message }).overwrite(withoutDirectionControls).trim().min(min, message).max(max, message);
/**
 * A phone number, the one rule of the address form, sign-up and the API (DESIGN section 4): 10-15
 * characters of digits and spaces with an optional leading +, so "+44 7700 900789" is accepted
 * and "call me maybe" is not. `message` is the form's SPEC 5 message for a missing or wrong length.
 */
const phone = (message: string) => text(10, 15, message).regex(ADDRESS_PHONE_PATTERN, m.addressPhoneFormat);
/** A password exactly as typed (never trimmed). */
const password = (min: number, max: number, message: string) => z.string({ error: message }).min(min, message).max(max, message);

/**
 * `confirm` must repeat `original` (DESIGN section 4). Checked as soon as `confirm` passes its
 * own rule, whatever the other fields hold, so the message shows while the customer types it.
 */
function confirmed<S extends z.ZodObject>(schema: S, original: keyof z.output<S> & string, confirm: keyof z.output<S> & string, message: string) {
  return schema.refine((form) => form[confirm] === form[original], {
    path: [confirm],
    message,
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === confirm),
  });
}

/**
 * Sign-in only requires both fields. Its messages speak of 5-100 and 5-14 characters, but a
 * 5-14 rule would lock out passwords of 15-50 characters that sign-up allows, so lengths are
 * only bounded by what sign-up accepts.
 */
export const signInFormSchema = z.object({
  email: text(1, 100, m.loginEmail),
  password: password(1, 100, m.loginPassword),
});

/** The account fields of sign-up (also POST /api/users's), with two deliberate deviations from SPEC 5 (DESIGN section 4). */
export const signUpFields = {
  // 1-50 characters, not SPEC 5's 4-50, which refuses "Ian Lee".
  first_name: text(1, 50, m.firstName),
  last_name: text(1, 50, m.lastName),
  // The rule is 4-99 characters; the SPEC message speaks of 4-100. Any letter case: phones
  // capitalise the first letter, and addresses are compared without case (DESIGN section 4).
  email: text(4, 99, m.signUpEmail).regex(EMAIL_PATTERN, m.signUpEmail),
  password: password(5, 50, m.signUpPassword),
  // The address form's phone rule, not SPEC 5's 5-14 characters of anything.
  phone: phone(m.signUpPhone),
};

/**
 * The sign-up page: the account, the newsletter box (unticked sends nothing), and Confirm
 * Password, which must match (SPEC 5 does not check that; the API has no such field).
 */
export const signUpFormSchema = confirmed(
  z.object({ ...signUpFields, confirmPassword: password(5, 50, m.confirmPassword), newsletter: z.boolean().default(false) }),
  'password',
  'confirmPassword',
  m.passwordsDoNotMatch,
);

export const forgotPasswordFormSchema = z.object({
  email: text(4, 99, m.forgotEmail).regex(EMAIL_PATTERN, m.forgotEmail),
});

/**
 * "Email me when it is back in stock" (a size out of stock, no backorders). A signed-in customer
 * sends only the size: their account's e-mail is used. A visitor gives an e-mail and ticks the
 * consent box, which must be ticked.
 */
export const backInStockCustomerSchema = z.object({
  product_size_id: z.number({ error: b.size }).int(b.size).positive(b.size).max(2_147_483_647, b.size),
});

export const backInStockVisitorSchema = backInStockCustomerSchema.extend({
  email: text(4, 99, b.email).regex(EMAIL_PATTERN, b.email),
  consent: z.boolean({ error: b.consentRequired }).refine((ticked) => ticked, b.consentRequired),
});

export const resetPasswordSchema = password(5, 50, m.resetPassword);

/** The reset page's two fields; the user and token come from the e-mailed link (PUT /api/forgotpassword has one password). */
export const resetPasswordFormSchema = confirmed(
  z.object({ password: resetPasswordSchema, confirmPassword: password(5, 50, m.resetPassword) }),
  'password',
  'confirmPassword',
  m.passwordsDoNotMatch,
);

/**
 * The address form (SPEC 5), named as the API's address body: all required but the company
 * name. The phone message says 14, the rule is 10-15. The postcode is checked further by the
 * address book (a UK postcode or an Eircode, core's delivery-zones.ts) and stored normalised.
 */
export const addressFields = {
  reference: text(1, 100, m.reference),
  contact_name: text(1, 100, m.contactName),
  region: text(1, 50, m.region),
  company_name: z
    .string()
    .overwrite(withoutDirectionControls)
    .trim()
    .max(100, m.addressCompanyName)
    .nullable()
    .optional()
    .transform((name) => name ?? ''),
  address: text(1, 500, m.address),
  town: text(1, 50, m.town),
  country: text(1, 50, m.country),
  post_code: text(1, 100, m.postCode),
  phone: phone(m.addressPhone),
};

export const addressFormSchema = z.object(addressFields);

/** My account's password change (also PUT /api/account/password's fields). */
export const changePasswordFields = {
  current_password: password(1, 100, a.currentPassword),
  // SPEC 5's password rule, as for sign-up and reset.
  new_password: password(5, 50, a.newPassword),
};

export const changePasswordFormSchema = confirmed(
  z.object({ ...changePasswordFields, confirm_password: password(5, 50, a.confirmNewPassword) }),
  'new_password',
  'confirm_password',
  a.passwordsDoNotMatch,
);

/**
 * My account's "Close my account": the current password again (counted as sign-in's attempts), and a ticked box saying the customer
 * understands what is erased and what is kept.
 */
export const closeAccountFormSchema = z.object({
  current_password: changePasswordFields.current_password,
  confirm: z.boolean({ error: a.closeConfirm }).refine((ticked) => ticked, a.closeConfirm),
});

/** A company name as typed: at most 100 characters once trimmed; blank is none (companyOrNone). */
export const companyNameText = z.string({ error: a.companyName }).overwrite(withoutDirectionControls).trim().max(100, a.companyName);
/** A VAT number as typed ("GB" + 9 or 12 digits, spaces allowed, any case), or blank for none. */
export const vatNumberText = z.string({ error: a.vatNumber }).max(30, a.vatNumber).regex(VAT_NUMBER_OR_BLANK, a.vatNumber);
export const companyOrNone = (name: string | null | undefined): string | null => name || null;
/** Stored normalised ('gb 123 4567 89' -> 'GB123456789'); blank is none. */
export const vatNumberOrNone = (typed: string | null | undefined): string | null => (typed ? normaliseVatNumber(typed) : null);

/** Company name, VAT number and newsletter choice; an empty field clears its value, an unticked box is false. */
export const accountDetailsFormSchema = z.object({
  company_name: companyNameText.optional().transform(companyOrNone),
  vat_number: vatNumberText.optional().transform(vatNumberOrNone),
  newsletter: z.boolean().default(false),
});

/** The header's "Prices ex VAT / inc VAT" switch (DESIGN section 4 "Money"): the choice, and the page to go back to. */
export const priceBasisFormSchema = z.object({
  prices: z.enum(PRICE_BASES, { error: 'Choose prices ex VAT or inc VAT.' }),
  redirectTo: z.string().max(2000).optional(),
  /** Sent by the hydrated switch, which stays on its page instead of following a redirect. */
  stay: z.literal('1').optional(),
});

/** Packs of a basket line (SPEC 2, 5): a whole number, 1 to 1000; the basket's field and the cart API's `count`. */
export const packCountSchema = z.number({ error: m.packCount }).int(m.packCount).min(PACK_COUNT_MIN, m.packCount).max(PACK_COUNT_MAX, m.packCount);

/** Why goods come back (SPEC 9's windows, core's return-windows.ts). */
export const RETURN_REASONS = ['unwanted', 'damaged', 'faulty', 'warranty'] as const;
export const RETURN_DESCRIPTION_MAX = 2000;
/** The most packs of one line a return may name. */
export const RETURN_PACKS_MAX = 1000;

/** Packs of one line, 1 to 1000; anything else is "choose how many packs". */
const returnPacks = z.number({ error: r.noLines }).int(r.noLines).min(1, r.noLines).max(RETURN_PACKS_MAX, r.noLines);

/** A calendar date as ISO text (2026-11-28), a real day of its month. */
const isoDay = z.iso.date();

const returnRequestFields = z.object({
  reason: z.enum(RETURN_REASONS, { error: r.reason }),
  description: z.string({ error: r.description }).trim().min(1, r.description).max(RETURN_DESCRIPTION_MAX, r.description),
  fault_found_on: z.string({ error: r.faultFoundOn }).nullable().optional(),
  lines: z
    .array(z.object({ order_line_id: z.number({ error: r.noLines }).int(r.noLines).positive(r.noLines), count: returnPacks }), { error: r.noLines })
    .min(1, r.noLines)
    .max(ORDER_LINES_MAX, r.noLines),
});

/** Faulty goods need the day the fault was found: a real day. */
const faultDayKnown = (input: { reason: string; fault_found_on?: string | null }) =>
  input.reason !== 'faulty' || (typeof input.fault_found_on === 'string' && isoDay.safeParse(input.fault_found_on.trim()).success);
const faultDayProblem = {
  path: ['fault_found_on'],
  message: r.faultFoundOn,
  // Also when another field is wrong (zod skips an object's refinement once a field has a problem).
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};

/**
 * A return or claim, as POST /api/order/:id/returns takes it: the reason, what is wrong, the day
 * a fault was found (required for faulty goods) and at least one line with its packs. Every
 * field's problem is told at once, the fault day's too. Core checks the rest (the window, the
 * packs left, the owner) with the same messages.
 */
export const returnRequestSchema = returnRequestFields.refine(faultDayKnown, faultDayProblem);

/**
 * The same request as two alternatives a JSON Schema can state (its documents cannot say "required
 * when reason is faulty" beside the fields): any other reason, or faulty with its day. For the
 * API's document only; requests are checked by returnRequestSchema.
 */
export const returnRequestAlternatives = [
  returnRequestFields.extend({ reason: returnRequestFields.shape.reason.exclude(['faulty']) }),
  returnRequestFields.extend({ reason: z.literal('faulty'), fault_found_on: isoDay }),
] as const;

/** A row of the return page left empty or at 0: an item the customer is not returning. */
function leftAtZero(row: unknown): boolean {
  const count = (row as { count?: unknown } | null)?.count;
  return count === undefined || count === null || (typeof count === 'string' && count.trim() === '') || Number(count) === 0;
}

/**
 * The return page's form (multipart, photos aside): the API's schema, except that the page lists
 * every item with a count and a row left at 0 is not returned.
 */
export const returnRequestFormSchema = returnRequestFields
  .extend({
    lines: z.preprocess((rows) => (Array.isArray(rows) ? rows.filter((row) => !leftAtZero(row)) : rows), returnRequestFields.shape.lines),
  })
  .refine(faultDayKnown, faultDayProblem);

/** Optional text, '' when left out, cut to `max` characters: core checks what it must hold. */
const optionalText = (max: number) =>
  z
    .string()
    .default('')
    .transform((value) => value.slice(0, max));

/** Units of one size asked for, 1 to 1,000,000. */
const quoteUnits = z.number({ error: q.quantity }).int(q.quantity).min(1, q.quantity).max(1_000_000, q.quantity);

/** The most sizes one quote request may name. */
export const QUOTE_REQUEST_ITEMS_MAX = 20;

/**
 * Asking for a quote (docs/sales-desk.md): a row per size offered, of which those with units are
 * asked for (at least one), printed or custom with their details, the day the goods are needed
 * by and a note. The artwork file is read apart (the page posts it as a multipart file).
 */
export const quoteRequestSchema = z.object({
  items: z
    .array(
      z.object({
        productPriceId: z.number().int().positive(),
        quantity: quoteUnits.optional(),
        printed: z.boolean().default(false),
        custom: z.boolean().default(false),
        customSize: optionalText(200),
        printColours: optionalText(200),
        notes: optionalText(1000),
      }),
    )
    .max(QUOTE_REQUEST_ITEMS_MAX)
    .default([])
    .transform((rows, context) => {
      const asked = rows.flatMap(({ quantity, ...row }) => (quantity === undefined ? [] : [{ ...row, quantity }]));
      if (asked.length === 0) context.addIssue({ code: 'custom', message: q.noItems });
      return asked;
    }),
  neededBy: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, q.neededBy).optional(),
  note: optionalText(2000),
});
