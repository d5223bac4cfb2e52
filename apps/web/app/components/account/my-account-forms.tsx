/**
 * My account's two settings forms, each a `<Form method="post">` to the page's action that works
 * without JavaScript; once hydrated, the form's contract schema shows its messages as the
 * customer types (shop-form.ts), and the action parses the post with the same schema.
 */
import { Form, useLocation } from 'react-router';
import { FormMessage, type FormMessageValue } from './form-message';
import { useShopForm } from './shop-form';
import { TextField } from './text-field';

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
  // What is stored (normalised); after a refusal without JavaScript, what was typed.
  const { fields, formProps } = useShopForm('accountDetailsFormSchema', {
    id: 'details-form',
    defaultValue: { company_name: saved.company_name ?? '', vat_number: saved.vat_number ?? '', newsletter: saved.newsletter },
    answer,
  });

  return (
    <Form method="post" action="/account" preventScrollReset {...formProps} className="space-y-4" data-testid="details-form">
      <input type="hidden" name="intent" value="details" />
      <FormMessage message={messageOf(answer)} testId="details-message" />
      <TextField id="account-company-name" label="Company Name (optional)" autoComplete="organization" maxLength={100} field={fields.company_name} />
      <TextField
        id="account-vat-number"
        label="VAT Number (optional)"
        placeholder="e.g. GB 123 4567 89"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={30}
        field={fields.vat_number}
        hint="A UK VAT number: GB followed by 9 digits, or 12 for a branch."
      />
      <p className="-mt-2 text-xs text-stone-600">Both are printed on your invoices.</p>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name={fields.newsletter.name}
          defaultChecked={fields.newsletter.initialValue === 'on'}
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

/** Change password: the current one, and the new one twice (SPEC 5's rule, 5-50 characters). */
export function ChangePasswordForm({ answer, busy }: { answer: SettingsFormAnswer | null; busy: boolean }) {
  // Typed passwords never outlive a submission: each navigation starts a blank form.
  return <PasswordFields key={useLocation().key} answer={answer} busy={busy} />;
}

function PasswordFields({ answer, busy }: { answer: SettingsFormAnswer | null; busy: boolean }) {
  const { fields, formProps } = useShopForm('changePasswordFormSchema', { id: 'password-form', answer });
  return (
    <Form method="post" action="/account" preventScrollReset {...formProps} className="space-y-4" data-testid="password-form">
      <input type="hidden" name="intent" value="password" />
      <FormMessage message={messageOf(answer)} testId="password-message" />
      <TextField id="account-current-password" label="Current Password" type="password" autoComplete="current-password" required field={fields.current_password} />
      <TextField id="account-new-password" label="New Password" type="password" autoComplete="new-password" required field={fields.new_password} />
      <TextField
        id="account-confirm-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        field={fields.confirm_password}
      />
      <p className="text-xs text-stone-600">5 to 50 characters. You stay signed in here; every other device is signed out.</p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="change-password">
        Change Password
      </button>
    </Form>
  );
}
