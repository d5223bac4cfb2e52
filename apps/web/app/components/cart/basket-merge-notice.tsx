/**
 * What signing in did to the basket, said once on the page that follows (DESIGN 4 "Sign-in merges
 * baskets"), e.g. "We added 2 items from your earlier visit to your basket. Cardboard Box 12x9x6
 * (pack of 25) was in both baskets and is kept at 20 packs, not added twice." It stays on that
 * page until closed and is gone on the next one.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useVisitor } from '~/state/visitor';
import { CartIcon, CloseIcon } from '../icons';

export function BasketMergeNotice() {
  const { basketNotice } = useVisitor();
  // Keyed by the text: a later sign-in's notice starts afresh.
  return basketNotice ? <NoticeBox key={basketNotice} notice={basketNotice} /> : null;
}

function NoticeBox({ notice }: { notice: string }) {
  const location = useLocation();
  const [page] = useState(location.key);
  const [closed, setClosed] = useState(false);
  if (closed || location.key !== page) return null;
  return (
    <div className="mx-auto mt-4 w-full max-w-7xl px-4">
      <div className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status" data-testid="basket-merge-notice">
        <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
          <CartIcon width={14} height={14} />
        </span>
        <p className="min-w-0 flex-1 text-sm">
          {notice}{' '}
          {location.pathname === '/checkout' ? null : (
            <Link to="/checkout" className="font-semibold underline">
              View basket
            </Link>
          )}
        </p>
        <button type="button" className="shrink-0 rounded p-1 text-brand-800 hover:bg-brand-100" aria-label="Close the basket message" onClick={() => setClosed(true)}>
          <CloseIcon width={16} height={16} />
        </button>
      </div>
    </div>
  );
}
