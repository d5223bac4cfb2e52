/** The empty state of the checkout and order pages: a message and a link back to the shop. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@shop/contract/browser';
import { CartIcon } from '~/components/icons';

interface Props {
  title: string;
  children?: ReactNode;
  testId?: string;
  icon?: ReactNode;
}

export function EmptyState({ title, children, testId, icon }: Props) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" data-testid={testId}>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon ?? <CartIcon width={32} height={32} />}</span>
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{title}</h2>
      {children}
      <Link to="/landing" className="btn-primary mt-6 px-6 py-2.5">
        Start Shopping!
      </Link>
    </div>
  );
}

/** SPEC 8: 'No cart found' when the basket has nothing in it. */
export function EmptyBasket() {
  return (
    <EmptyState title={messages.cartEmpty} testId="basket-empty">
      <p className="mt-2 text-sm text-stone-600">Your basket is empty, so there is nothing to check out yet. Browse our boxes, mailing bags and tape to get started.</p>
    </EmptyState>
  );
}
