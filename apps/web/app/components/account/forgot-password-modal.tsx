/**
 * The 'Forgot Password' dialog of the sign-in page (SPEC 2): a message line, an Email field with
 * its inline message, and a 'Forgot Password' button. Opened by /signin?forgot (so it works
 * without JavaScript); the form posts intent=forgot to the sign-in action, once the e-mail passes
 * its schema in the browser (the action checks again). userId 0 or a failed request shows the
 * failure message, else the success message (SPEC 4, 8).
 */
import { Form, useNavigation } from 'react-router';
import { FormMessage } from './form-message';
import { useShopForm } from './shop-form';
import { EMAIL_HINT, TextField } from './text-field';
import { AccountSubmitButton } from './submit-button';
import { UrlDialog } from './url-dialog';

type ForgotAnswer = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string>; values?: Record<string, string> };

interface Props {
  open: boolean;
  /** The sign-in page without ?forgot. */
  closeHref: string;
  /** The action's answer to the last forgot-password form. */
  answer: ForgotAnswer | undefined;
  /** What the customer already typed on the sign-in form. */
  initialEmail: string;
}

export function ForgotPasswordModal({ open, closeHref, answer, initialEmail }: Props) {
  // Mounted only while open, so each opening starts from the sign-in form's e-mail.
  if (!open) return null;
  return (
    <UrlDialog title="Forgot Password" closeHref={closeHref} replace>
      <ForgotPasswordForm answer={answer} initialEmail={initialEmail} />
    </UrlDialog>
  );
}

function ForgotPasswordForm({ answer, initialEmail }: { answer: ForgotAnswer | undefined; initialEmail: string }) {
  const { fields, formProps } = useShopForm('forgotPasswordFormSchema', { id: 'forgot-password-form', defaultValue: { email: initialEmail }, answer });
  const sending = useNavigation().formData?.get('intent') === 'forgot';
  return (
    <Form method="post" preventScrollReset {...formProps} className="space-y-4" data-testid="forgot-password-form">
      <input type="hidden" name="intent" value="forgot" />
      <p className="text-sm text-stone-600">Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      <FormMessage message={answer ? { tone: answer.ok ? 'success' : 'error', text: answer.message } : null} testId="forgot-password-message" />
      <TextField id="forgot-email" label="Email" type="email" autoComplete="email" inputMode="email" required hint={EMAIL_HINT} field={fields.email} />
      <div className="flex justify-end">
        <AccountSubmitButton className="btn-primary w-full sm:w-auto" disabled={sending}>
          Forgot Password
        </AccountSubmitButton>
      </div>
    </Form>
  );
}
