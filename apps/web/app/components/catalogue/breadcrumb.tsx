/** Breadcrumb trail: links for every step but the last, which is the current page. */
import { Link } from 'react-router';
import { ChevronRightIcon } from '../icons';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex items-center gap-1.5">
              {index > 0 ? <ChevronRightIcon width={14} height={14} className="shrink-0 text-stone-400" /> : null}
              {item.href && !last ? (
                <Link to={item.href} className="hover:text-brand-600 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-stone-900' : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
