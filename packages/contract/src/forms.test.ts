/**
 * The forms' schemas as the storefront's pages and the JSON API use them: one rule and one
 * message per field. A form's empty field arrives as undefined (Conform's parseWithZod), a JSON
 * body's missing field too: both say the field's SPEC 5 message.
 */
import { describe, expect, it } from 'vitest';
import { accountDetailsBodySchema } from './account-settings.ts';
import { signUpBodySchema } from './accounts.ts';
import { createAddressBodySchema } from './addresses.ts';
import { normaliseVatNumber } from './field-rules.ts';
import {
  accountDetailsFormSchema,
  addressFormSchema,
  changePasswordFormSchema,
  resetPasswordFormSchema,
  returnRequestFormSchema,
  returnRequestSchema,
  signInFormSchema,
  signUpFormSchema,
} from './forms.ts';
import { accountSettingsMessages, fieldMessages, returnRequestMessages } from './messages.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const account = { first_name: 'Ian', last_name: 'Lee', email: 'ian.lee@example.com', password: 'parcel-tape-42', phone: '01134960123' };
const form = { ...account, confirmPassword: account.password };

// Sign-up's two deliberate deviations from SPEC 5 (DESIGN section 4): names of 1-50 characters,
// and a confirmation that must match the password.
describe('sign-up', () => {
  it.each([
    ['Ian', 'Lee', true],
    ['J', 'O', true],
    ['A'.repeat(50), 'B'.repeat(50), true],
    ['', 'Lee', false],
    ['   ', 'Lee', false],
    ['Ian', '', false],
    ['A'.repeat(51), 'Lee', false],
    ['Ian', 'B'.repeat(51), false],
  ])('first name %j and last name %j: accepted %s, by the form and the API alike', (first_name, last_name, accepted) => {
    expect(signUpBodySchema.safeParse({ ...account, first_name, last_name }).success).toBe(accepted);
    expect(signUpFormSchema.safeParse({ ...form, first_name, last_name }).success).toBe(accepted);
  });

  it("answers the names' messages in SPEC 5's style with (1-50), for empty fields too", () => {
    expect(messagesOf(signUpFormSchema.safeParse({ ...form, first_name: undefined, last_name: undefined }))).toEqual([
      ['first_name', 'First Name is required. (1-50) Characters'],
      ['last_name', 'Last Name is required. (1-50) Characters'],
    ]);
    expect(messagesOf(signUpBodySchema.safeParse({ ...account, first_name: ' ', last_name: 'L'.repeat(51) }))).toEqual([
      ['first_name', fieldMessages.firstName],
      ['last_name', fieldMessages.lastName],
    ]);
  });

  it("refuses a confirmation that differs from the password with 'Passwords do not match.'", () => {
    expect(messagesOf(signUpFormSchema.safeParse({ ...form, confirmPassword: 'parcel-tape-43' }))).toEqual([['confirmPassword', 'Passwords do not match.']]);
    expect(signUpFormSchema.safeParse(form).success).toBe(true);
  });

  it('says so while other fields are still empty, so the customer sees it as the confirmation is typed', () => {
    const typing = { first_name: 'Ian', password: 'parcel-tape-42', confirmPassword: 'parcel-tape-4' };
    expect(messagesOf(signUpFormSchema.safeParse(typing))).toContainEqual(['confirmPassword', 'Passwords do not match.']);
  });

  it('a confirmation too short says so first; a missing one is required', () => {
    expect(messagesOf(signUpFormSchema.safeParse({ ...form, confirmPassword: 'abc' }))).toEqual([['confirmPassword', fieldMessages.confirmPassword]]);
    expect(messagesOf(signUpFormSchema.safeParse(account))).toEqual([['confirmPassword', fieldMessages.confirmPassword]]);
  });

  it('asks API clients for no confirmation: POST /api/users takes the account alone', () => {
    expect(signUpBodySchema.safeParse(account).success).toBe(true);
    expect(Object.keys(signUpBodySchema.shape)).not.toContain('confirmPassword');
  });

  it('an e-mail address is 4-99 characters in any letter case', () => {
    expect(signUpFormSchema.safeParse({ ...form, email: 'Ian.Lee@Example.com' }).success).toBe(true);
    for (const email of ['a@b', `${'a'.repeat(90)}@example.com`]) {
      expect(messagesOf(signUpFormSchema.safeParse({ ...form, email }))[0]).toEqual(['email', fieldMessages.signUpEmail]);
    }
  });
});

describe('sign-in', () => {
  it('only requires both fields, with the SPEC 5 messages', () => {
    expect(messagesOf(signInFormSchema.safeParse({}))).toEqual([
      ['email', 'Email is required. (5-100) Characters'],
      ['password', 'Password is required. (5-14) Characters'],
    ]);
    expect(signInFormSchema.safeParse({ email: 'x', password: 'a-password-of-30-characters-ok' }).success).toBe(true);
  });
});

describe('reset and change password', () => {
  it("the reset page's two fields must match", () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ password: 'new-pass-7', confirmPassword: 'new-pass-8' }))).toEqual([['confirmPassword', 'Passwords do not match.']]);
    expect(resetPasswordFormSchema.safeParse({ password: 'new-pass-7', confirmPassword: 'new-pass-7' }).success).toBe(true);
  });

  it("My account's new password must match its confirmation, said even before the current password is typed", () => {
    expect(messagesOf(changePasswordFormSchema.safeParse({ new_password: 'battery staple', confirm_password: 'battery stapel' }))).toEqual([
      ['current_password', accountSettingsMessages.currentPassword],
      ['confirm_password', accountSettingsMessages.passwordsDoNotMatch],
    ]);
  });
});

describe('address form', () => {
  const address = { reference: 'Depot', contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' };

  it('refuses what the API refuses, with the same messages', () => {
    for (const phone of ['          ', '0113-496-0123', '01134', '+44 113 496 0123 45']) {
      const page = messagesOf(addressFormSchema.safeParse({ ...address, phone }));
      expect(page.length).toBeGreaterThan(0);
      expect(messagesOf(createAddressBodySchema.safeParse({ ...address, phone }))).toEqual(page);
    }
    expect(messagesOf(addressFormSchema.safeParse({ ...address, phone: '0113-496-0123' }))).toEqual([['phone', fieldMessages.addressPhoneFormat]]);
  });

  it('every field but the company name is required; an empty company name is none', () => {
    expect(messagesOf(addressFormSchema.safeParse({})).map(([field]) => field)).toEqual(['reference', 'contact_name', 'region', 'address', 'town', 'country', 'post_code', 'phone']);
    expect(addressFormSchema.parse(address).company_name).toBe('');
  });
});

describe('UK VAT numbers (My account)', () => {
  const details = (vat_number: string) => ({ company_name: null, vat_number, newsletter: false });

  it.each([
    ['GB123456789', 'GB123456789'],
    ['gb 123 4567 89', 'GB123456789'],
    [' GB 123456789 ', 'GB123456789'],
    ['G B 1 2 3 4 5 6 7 8 9', 'GB123456789'],
    ['GB123456789012', 'GB123456789012'],
    ['GB 123 4567 89 012', 'GB123456789012'],
  ])('%j is stored as %s, from the page and the API alike', (typed, stored) => {
    expect(normaliseVatNumber(typed)).toBe(stored);
    expect(accountDetailsBodySchema.parse(details(typed)).vat_number).toBe(stored);
    expect(accountDetailsFormSchema.parse({ vat_number: typed }).vat_number).toBe(stored);
  });

  it.each(['GB12345678', 'GB1234567890', 'GB1234567890123', '123456789', 'XI123456789', 'FR12345678901', 'GBGD001', 'GBHA500', 'GB12345678O', 'GB-123-456-789'])(
    '%j is refused with the field message, by the page and the API alike',
    (typed) => {
      expect(normaliseVatNumber(typed)).toBeNull();
      expect(messagesOf(accountDetailsFormSchema.safeParse({ vat_number: typed }))).toEqual([['vat_number', accountSettingsMessages.vatNumber]]);
      expect(messagesOf(accountDetailsBodySchema.safeParse(details(typed)))).toEqual([['vat_number', accountSettingsMessages.vatNumber]]);
    },
  );

  it('blank, null or (on the page) an empty field means none, for the VAT number and the company name', () => {
    expect(accountDetailsBodySchema.parse({ company_name: '   ', vat_number: '  ', newsletter: true })).toEqual({ company_name: null, vat_number: null, newsletter: true });
    expect(accountDetailsBodySchema.parse({ company_name: null, vat_number: null, newsletter: false })).toEqual({ company_name: null, vat_number: null, newsletter: false });
    expect(accountDetailsFormSchema.parse({})).toEqual({ company_name: null, vat_number: null, newsletter: false });
  });

  it('a company name is 1-100 characters after trimming', () => {
    expect(accountDetailsBodySchema.parse({ company_name: ` ${'x'.repeat(100)} `, vat_number: null, newsletter: false }).company_name).toHaveLength(100);
    const long = accountDetailsBodySchema.safeParse({ company_name: 'x'.repeat(101), vat_number: null, newsletter: false });
    expect(long.error?.issues[0]?.message).toBe(accountSettingsMessages.companyName);
    expect(messagesOf(accountDetailsFormSchema.safeParse({ company_name: 'x'.repeat(101) }))).toEqual([['company_name', accountSettingsMessages.companyName]]);
  });
});

describe('direction controls in names and addresses', () => {
  it('a name or address pasted with a right-to-left override is kept without it, so "\u202Egnp.exe" reads "gnp.exe", not "exe.png"', () => {
    const rlo = '\u202E';
    expect(signUpFormSchema.parse({ ...form, first_name: `${rlo}gnp.exe`, last_name: 'Lee\u2066\u2069' })).toMatchObject({ first_name: 'gnp.exe', last_name: 'Lee' });
    const address = { reference: `Home${rlo}`, contact_name: `\u202Dgnp.exe`, region: '12', company_name: `${rlo}Acme`, address: 'High St', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '01134960123' };
    expect(createAddressBodySchema.parse(address)).toMatchObject({ reference: 'Home', contact_name: 'gnp.exe', company_name: 'Acme' });
    expect(accountDetailsFormSchema.parse({ company_name: `${rlo}Acme` })).toMatchObject({ company_name: 'Acme' });
    // A name that is nothing but controls is empty, and refused as such.
    expect(signUpFormSchema.safeParse({ ...form, first_name: rlo }).success).toBe(false);
    // Right-to-left names need no controls, and the marks LRM/RLM stay.
    expect(signUpFormSchema.parse({ ...form, first_name: 'سارا\u200F' }).first_name).toBe('سارا\u200F');
  });
});

describe('a return or claim (the return page and POST /api/order/:id/returns)', () => {
  it('tells every field that is wrong at once, the fault day included', () => {
    const refused = returnRequestFormSchema.safeParse({ reason: 'faulty', lines: [{ order_line_id: 7, count: 0 }] });
    expect(messagesOf(refused)).toEqual(
      expect.arrayContaining([
        ['description', returnRequestMessages.description],
        ['lines', returnRequestMessages.noLines],
        ['fault_found_on', returnRequestMessages.faultFoundOn],
      ]),
    );
    expect(messagesOf(returnRequestSchema.safeParse({}))).toEqual(
      expect.arrayContaining([
        ['reason', returnRequestMessages.reason],
        ['description', returnRequestMessages.description],
        ['lines', returnRequestMessages.noLines],
      ]),
    );
  });

  it('wants a real day for faulty goods only', () => {
    const asked = { description: 'It split', lines: [{ order_line_id: 7, count: 1 }] };
    expect(messagesOf(returnRequestSchema.safeParse({ ...asked, reason: 'faulty', fault_found_on: '2026-02-30' }))).toEqual([['fault_found_on', returnRequestMessages.faultFoundOn]]);
    expect(returnRequestSchema.safeParse({ ...asked, reason: 'faulty', fault_found_on: '2026-11-20' }).success).toBe(true);
    expect(returnRequestSchema.safeParse({ ...asked, reason: 'damaged' }).success).toBe(true);
  });
});
