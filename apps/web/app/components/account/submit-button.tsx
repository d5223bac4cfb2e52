/** The submit button of the sign-in, sign-up, forgot and reset password forms. */
import type { ReactNode } from 'react';

export function AccountSubmitButton({ disabled, className, children }: { disabled: boolean; className: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={disabled}>
      {children}
    </button>
  );
}
