/**
 * Mobile category menu (SPEC 2): a drawer with the tree; a category whose branch has
 * sub-categories opens the category page in the app, otherwise a full page load of
 * /category?categoryCode= (which redirects to its products). Without JavaScript it still works:
 * the header's link targets the drawer (#mobile-category-menu, shown by CSS's :target) and each
 * category is a link.
 *
 * The page's HTML holds only the top categories: the whole tree, each branch a <details>, is over
 * 200 elements, and in every page's HTML it was a third of what a phone parsed and hydrated
 * (docs/performance.md). Opened by the hydrated menu button the drawer shows the whole tree;
 * opened before hydration or without JavaScript, a top category leads to its category page,
 * which lists its sub-categories.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { mobileMenuTarget } from '@shop/contract/browser';
import { ChevronDownIcon, CloseIcon } from './icons';
import type { MenuCategory } from './catalogue/category-path';

interface Props {
  categories: MenuCategory[];
  open: boolean;
  onClose(): void;
}

export function MobileCategoryMenu({ categories, open, onClose }: Props) {
  const navigate = useNavigate();
  const closeButton = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const go = (category: MenuCategory) => {
    const target = mobileMenuTarget(category);
    onClose();
    if (target.fullPageLoad) window.location.assign(target.href);
    else void navigate(target.href);
  };

  return (
    <div className={open ? 'lg:hidden' : 'hidden target:block lg:target:hidden'} id="mobile-category-menu">
      <a href="#" className="fixed inset-0 z-40 bg-stone-900/40" onClick={closeOnClick(onClose)} aria-hidden="true" tabIndex={-1} />
      <div role="dialog" aria-modal="true" aria-label="Categories" className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <p className="font-semibold text-stone-900">Shop by category</p>
          <a ref={closeButton} href="#" role="button" className="rounded-md p-2 hover:bg-stone-100" aria-label="Close the category menu" onClick={closeOnClick(onClose)}>
            <CloseIcon />
          </a>
        </div>
        <ul className="flex-1 overflow-y-auto py-2">
          {categories.map((category) => (
            <MobileMenuItem key={category.slug} category={category} depth={0} branches={open} onSelect={go} />
          ))}
        </ul>
        {/* On phones the top bar has no room for it (main-header.tsx). */}
        <div className="border-t border-stone-200 px-4 py-3">
          <Link to="/quick-order" onClick={onClose} className="font-semibold text-brand-700 hover:underline" data-testid="menu-quick-order-link">
            Quick order by product code
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Closes the drawer in place (once hydrated the address keeps no #mobile-category-menu). */
function closeOnClick(onClose: () => void) {
  return (event: MouseEvent) => {
    event.preventDefault();
    onClose();
  };
}

/** `branches`: whether a category's sub-categories are listed under it (only once JavaScript opened the drawer). */
function MobileMenuItem({ category, depth, branches, onSelect }: { category: MenuCategory; depth: number; branches: boolean; onSelect(c: MenuCategory): void }) {
  const hasChildren = branches && category.subCategories.length > 0;
  const link = (
    <a
      href={mobileMenuTarget(category).href}
      className={`block py-2.5 pl-4 text-sm ${hasChildren ? 'pr-14' : 'pr-4'} ${depth === 0 ? 'font-semibold text-stone-900' : 'text-stone-700'} hover:bg-stone-50`}
      style={{ paddingLeft: `${16 + depth * 16}px` }}
      onClick={(event) => {
        event.preventDefault();
        onSelect(category);
      }}
    >
      {category.name}
    </a>
  );
  if (!hasChildren) return <li>{link}</li>;
  // The name opens the category; the chevron beside it (a <details>) opens the branch in place.
  return (
    <li className="relative">
      {link}
      <details>
        <summary
          className="absolute top-0 right-0 flex h-10 w-12 cursor-pointer list-none items-center justify-center text-stone-500 hover:text-brand-600 [&::-webkit-details-marker]:hidden"
          aria-label={`Show ${category.name} sub-categories`}
        >
          <ChevronDownIcon width={16} height={16} aria-hidden="true" className="transition-transform [[open]>summary>&]:rotate-180" />
        </summary>
        <ul>
          {category.subCategories.map((child) => (
            <MobileMenuItem key={child.slug} category={child} depth={depth + 1} branches={branches} onSelect={onSelect} />
          ))}
        </ul>
      </details>
    </li>
  );
}
