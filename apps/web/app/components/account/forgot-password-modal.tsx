/**
 * The 'Forgot Password' modal of the sign-in page (SPEC 2): a message line, an Email field with
 * its inline message, and a 'Forgot Password' button. The request is sent only when the e-mail
 * passes the SPEC 5 rule; userId 0 or a failed request shows the failure message (SPEC 4, 8).
 */
import { useState, type FormEvent } from 'react';
import { forgotPasswordRules, messages } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { Modal } from '~/components/modal';
import { FormMessage, type FormMessageValue } from './form-message';
import { failureText } from './sign-in-flow';
import { EMAIL_HINT, TextField } from './text-field';
import { useValidatedForm } from './use-validated-form';
import { AccountSubmitButton } from './submit-button';

interface Props {
  open: boolean;
  onClose(): void;
  /** What the customer already typed on the sign-in form. */
  initialEmail: string;
}

export function ForgotPasswordModal({ open, onClose, initialEmail }: Props) {
  return (
    <Modal open={open} onClose={onClose} title="Forgot Password">
      {/* Mounted only while open, so each opening starts from the sign-in form's e-mail. */}
      {open ? <ForgotPasswordForm initialEmail={initialEmail} /> : null}
    </Modal>
  );
}

function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const form = useValidatedForm(forgotPasswordRules, { email: initialEmail });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid) {
      form.showAll();
      return;
    }
    setSending(true);
    try {
      const result = await api<{ userId: number }>('/forgotpassword', { method: 'POST', body: { email: form.values.email } });
      setMessage(
        result.userId === 0
          ? { tone: 'error', text: messages.forgotPasswordFailed }
          : { tone: 'success', text: messages.forgotPasswordSent },
      );
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error, messages.forgotPasswordFailed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4" data-testid="forgot-password-form">
      <p className="text-sm text-stone-600">Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      <FormMessage message={message} testId="forgot-password-message" />
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        hint={EMAIL_HINT}
        binding={form.field('email')}
      />
      <div className="flex justify-end">
        <AccountSubmitButton className="btn-primary w-full sm:w-auto" disabled={sending}>
          Forgot Password
        </AccountSubmitButton>
      </div>
    </form>
  );
}
