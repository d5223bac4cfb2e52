/**
 * The submit button of the sign-in, sign-up, forgot and reset password forms. It is enabled
 * once the page is interactive, so React sends the form; until then it stays disabled, and the
 * forms use method="post", so a password never travels in a GET address (which access logs keep).
 */
import type { ReactNode } from 'react';
import { useShopState } from '~/state/shop-state';

export function AccountSubmitButton({ disabled, className, children }: { disabled: boolean; className: string; children: ReactNode }) {
  const { ready } = useShopState();
  return (
    <button type="submit" className={className} disabled={!ready || disabled}>
      {children}
    </button>
  );
}
