/**
 * Page links for a long product list. Keeps the other query parameters (categoryCode or
 * search) and shows the first, last and nearby pages with gaps between.
 */
import { Link } from 'react-router';
import { ChevronRightIcon } from '../icons';

interface Props {
  page: number;
  pageCount: number;
  /** The list's query without `page`, e.g. `categoryCode=boxes`. */
  baseQuery: URLSearchParams;
  pathname: string;
}

export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) out.push('gap');
    out.push(n);
  });
  return out;
}

export function Pagination({ page, pageCount, baseQuery, pathname }: Props) {
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const query = new URLSearchParams(baseQuery);
    if (n > 1) query.set('page', String(n));
    else query.delete('page');
    return `${pathname}?${query.toString()}`;
  };
  const base = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium';
  const idle = `${base} border-stone-300 bg-white text-stone-700 hover:border-brand-500 hover:text-brand-700`;
  return (
    <nav aria-label="Pages" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className={idle} rel="prev">
              <ChevronRightIcon width={16} height={16} className="rotate-180" />
              <span className="sr-only sm:not-sr-only sm:ml-1">Previous</span>
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="px-1 text-stone-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className={`${base} border-brand-600 bg-brand-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className={idle}>
                  <span className="sr-only">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} className={idle} rel="next">
              <span className="sr-only sm:not-sr-only sm:mr-1">Next</span>
              <ChevronRightIcon width={16} height={16} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
