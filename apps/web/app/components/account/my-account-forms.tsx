/**
 * My account's two settings forms (issue 11 item 9), each a `<Form method="post">` to the page's
 * action that works without JavaScript; once hydrated, the contract's rules show their messages
 * as the customer types (use-validated-form.ts) and the server checks again with the API's schema.
 */
import { Form, useLocation } from 'react-router';
import { accountDetailsRules, changePasswordRules } from '@shop/contract/browser';
import { FormMessage, type FormMessageValue } from './form-message';
import { TextField } from './text-field';
import { useValidatedForm } from './use-validated-form';

/** An answer of the page's action to one of these forms. */
export interface SettingsFormAnswer {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

function messageOf(answer: SettingsFormAnswer | null): FormMessageValue | null {
  if (!answer) return null;
  return { tone: answer.ok ? 'success' : 'error', text: answer.message };
}

export interface AccountDetailsValues {
  company_name: string | null;
  vat_number: string | null;
  newsletter: boolean;
}

/** Company name and VAT number (printed on invoices), and the newsletter choice. */
export function AccountDetailsForm({ saved, answer, busy }: { saved: AccountDetailsValues; answer: SettingsFormAnswer | null; busy: boolean }) {
  const refused = answer && !answer.ok ? answer : null;
  // After a refusal without JavaScript the page shows what was typed; otherwise what is stored (normalised).
  const form = useValidatedForm(
    accountDetailsRules,
    {
      company_name: refused?.values?.company_name ?? saved.company_name ?? '',
      vat_number: refused?.values?.vat_number ?? saved.vat_number ?? '',
    },
    refused?.fields,
  );
  const newsletter = refused?.values?.newsletter !== undefined ? refused.values.newsletter === 'true' : saved.newsletter;

  return (
    <Form method="post" action="/account" noValidate preventScrollReset onSubmit={form.onSubmit} className="space-y-4" data-testid="details-form">
      <input type="hidden" name="intent" value="details" />
      <FormMessage message={messageOf(answer)} testId="details-message" />
      <TextField
        id="account-company-name"
        label="Company Name (optional)"
        autoComplete="organization"
        maxLength={100}
        binding={form.field('company_name')}
      />
      <TextField
        id="account-vat-number"
        label="VAT Number (optional)"
        placeholder="e.g. GB 123 4567 89"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={30}
        binding={form.field('vat_number')}
        hint="A UK VAT number: GB followed by 9 digits, or 12 for a branch."
      />
      <p className="-mt-2 text-xs text-stone-600">Both are printed on your invoices.</p>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name="newsletter"
          defaultChecked={newsletter}
          className="mt-0.5 h-4 w-4 rounded border-stone-300 text-brand-600"
          data-testid="newsletter"
        />
        <span>To receive great offers and packaging tips, sign up to our newsletter</span>
      </label>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="save-details">
        Save Details
      </button>
    </Form>
  );
}

const BLANK_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };

/** Change password: the current one, and the new one twice (SPEC 5's rule, 5-50 characters). */
export function ChangePasswordForm({ answer, busy }: { answer: SettingsFormAnswer | null; busy: boolean }) {
  // Typed passwords never outlive a submission: each navigation starts a blank form.
  return <PasswordFields key={useLocation().key} answer={answer} busy={busy} />;
}

function PasswordFields({ answer, busy }: { answer: SettingsFormAnswer | null; busy: boolean }) {
  const form = useValidatedForm(changePasswordRules, BLANK_PASSWORDS, answer && !answer.ok ? answer.fields : undefined);
  return (
    <Form method="post" action="/account" noValidate preventScrollReset onSubmit={form.onSubmit} className="space-y-4" data-testid="password-form">
      <input type="hidden" name="intent" value="password" />
      <FormMessage message={messageOf(answer)} testId="password-message" />
      <TextField id="account-current-password" label="Current Password" type="password" autoComplete="current-password" required binding={form.field('current_password')} />
      <TextField id="account-new-password" label="New Password" type="password" autoComplete="new-password" required binding={form.field('new_password')} />
      <TextField
        id="account-confirm-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        binding={form.field('confirm_password')}
      />
      <p className="text-xs text-stone-600">5 to 50 characters. You stay signed in here; every other device is signed out.</p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="change-password">
        Change Password
      </button>
    </Form>
  );
}
