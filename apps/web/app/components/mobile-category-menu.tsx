/**
 * Mobile category menu (SPEC 2): the category tree, a category whose branch has sub-categories
 * opening the category page in the app, otherwise a full page load of /category?categoryCode=
 * (which redirects to its products). Each branch is a <details>, so it opens without JavaScript.
 *
 * Two places show it: the drawer the header's menu button opens once the page is hydrated, and
 * the /categories page that button's address is, for a phone without JavaScript (or before
 * hydration). The drawer is rendered only while open: the tree is over 200 elements, and in
 * every page's HTML it was a third of what a phone parsed and hydrated (docs/performance.md).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { mobileMenuTarget } from '@shop/contract/browser';
import { ChevronDownIcon, CloseIcon } from './icons';
import type { MenuCategory } from './catalogue/category-path';

/** Where the menu button goes when the drawer cannot open (no JavaScript, or not yet hydrated). */
export const CATEGORY_MENU_PAGE = '/categories';

interface Props {
  categories: MenuCategory[];
  open: boolean;
  onClose(): void;
}

export function MobileCategoryMenu({ categories, open, onClose }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="lg:hidden" id="mobile-category-menu">
      <div className="fixed inset-0 z-40 bg-stone-900/40" onClick={onClose} aria-hidden="true" />
      <div role="dialog" aria-modal="true" aria-label="Categories" className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <p className="font-semibold text-stone-900">Shop by category</p>
          <button ref={closeButton} type="button" className="rounded-md p-2 hover:bg-stone-100" aria-label="Close the category menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <CategoryTree categories={categories} onChosen={onClose} className="flex-1 overflow-y-auto py-2" />
      </div>
    </div>
  );
}

/** The tree as a list; `onChosen` runs before the chosen category opens. */
export function CategoryTree({ categories, onChosen, className }: { categories: MenuCategory[]; onChosen?(): void; className?: string }) {
  const navigate = useNavigate();
  const go = (category: MenuCategory) => {
    const target = mobileMenuTarget(category);
    onChosen?.();
    if (target.fullPageLoad) window.location.assign(target.href);
    else void navigate(target.href);
  };
  return (
    <ul className={className}>
      {categories.map((category) => (
        <MobileMenuItem key={category.slug} category={category} depth={0} onSelect={go} />
      ))}
    </ul>
  );
}

function MobileMenuItem({ category, depth, onSelect }: { category: MenuCategory; depth: number; onSelect(c: MenuCategory): void }) {
  const hasChildren = category.subCategories.length > 0;
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
  // The name opens the category; the chevron beside it (a <details>, so without JavaScript too) opens the branch in place.
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
            <MobileMenuItem key={child.slug} category={child} depth={depth + 1} onSelect={onSelect} />
          ))}
        </ul>
      </details>
    </li>
  );
}
