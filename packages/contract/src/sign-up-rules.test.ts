/**
 * Sign-up's two deliberate deviations from SPEC 5 (DESIGN section 4): names of 1-50 characters,
 * and a confirmation that must match the password. The page's rules (checkForm, in the browser)
 * and the schemas (the JSON API and the page's action) agree.
 */
import { describe, expect, it } from 'vitest';
import { signUpBodySchema, signUpFormSchema } from './accounts.ts';
import { checkForm, resetPasswordRules, signUpRules } from './field-rules.ts';
import { fieldMessages } from './messages.ts';

const account = { first_name: 'Ian', last_name: 'Lee', email: 'ian.lee@example.com', password: 'parcel-tape-42', phone: '01134960123' };
const form = { ...account, confirmPassword: account.password };

describe('sign-up rules', () => {
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
    const values = { ...form, first_name: first_name.trim(), last_name: last_name.trim() };
    expect(Object.keys(checkForm(values, signUpRules)).length === 0).toBe(accepted);
    expect(signUpBodySchema.safeParse({ ...account, first_name, last_name }).success).toBe(accepted);
    expect(signUpFormSchema.safeParse({ ...form, first_name, last_name }).success).toBe(accepted);
  });

  it("answers the names' messages in SPEC 5's style with (1-50)", () => {
    expect(checkForm({ ...form, first_name: '', last_name: '' }, signUpRules)).toEqual({
      first_name: 'First Name is required. (1-50) Characters',
      last_name: 'Last Name is required. (1-50) Characters',
    });
    const refused = signUpBodySchema.safeParse({ ...account, first_name: ' ', last_name: 'L'.repeat(51) });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['first_name', fieldMessages.firstName],
      ['last_name', fieldMessages.lastName],
    ]);
  });

  it("refuses a confirmation that differs from the password with 'Passwords do not match.' (form and page action)", () => {
    expect(checkForm({ ...form, confirmPassword: 'parcel-tape-43' }, signUpRules)).toEqual({ confirmPassword: 'Passwords do not match.' });
    const refused = signUpFormSchema.safeParse({ ...form, confirmPassword: 'parcel-tape-43' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', 'Passwords do not match.']]);
    expect(checkForm(form, signUpRules)).toEqual({});
    expect(signUpFormSchema.safeParse(form).success).toBe(true);
  });

  it('a confirmation too short says so first; a missing one is required', () => {
    expect(checkForm({ ...form, confirmPassword: 'abc' }, signUpRules)).toEqual({ confirmPassword: fieldMessages.confirmPassword });
    const missing = signUpFormSchema.safeParse(account);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', fieldMessages.confirmPassword]]);
  });

  it('asks API clients for no confirmation: POST /api/users takes the account alone', () => {
    expect(signUpBodySchema.safeParse(account).success).toBe(true);
    expect(Object.keys(signUpBodySchema.shape)).not.toContain('confirmPassword');
  });

  it("the reset password page's two fields must match too", () => {
    expect(checkForm({ password: 'new-pass-7', confirmPassword: 'new-pass-8' }, resetPasswordRules)).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(checkForm({ password: 'new-pass-7', confirmPassword: 'new-pass-7' }, resetPasswordRules)).toEqual({});
  });
});
