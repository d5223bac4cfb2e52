/**
 * Mobile category menu (SPEC 2): a drawer with the tree; a category whose branch has
 * sub-categories opens the category page in the app, otherwise a full page load of
 * /category?categoryCode= (which redirects to its products).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CategoryDto } from '@shop/contract';
import { mobileMenuTarget } from '@shop/contract/browser';
import { ChevronDownIcon, CloseIcon } from './icons';

interface Props {
  categories: CategoryDto[];
  open: boolean;
  onClose(): void;
}

export function MobileCategoryMenu({ categories, open, onClose }: Props) {
  const navigate = useNavigate();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const go = (category: CategoryDto) => {
    const target = mobileMenuTarget(category);
    onClose();
    if (target.fullPageLoad) window.location.assign(target.href);
    else void navigate(target.href);
  };

  return (
    <div className={open ? 'lg:hidden' : 'hidden'} id="mobile-category-menu">
      <div className="fixed inset-0 z-40 bg-stone-900/40" onClick={onClose} aria-hidden="true" />
      <div role="dialog" aria-modal="true" aria-label="Categories" className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <p className="font-semibold text-stone-900">Shop by category</p>
          <button ref={closeButton} type="button" className="rounded-md p-2 hover:bg-stone-100" aria-label="Close the category menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <ul className="flex-1 overflow-y-auto py-2">
          {categories.map((category) => (
            <MobileMenuItem key={category.slug} category={category} depth={0} onSelect={go} />
          ))}
        </ul>
      </div>
    </div>
  );
}

function MobileMenuItem({ category, depth, onSelect }: { category: CategoryDto; depth: number; onSelect(c: CategoryDto): void }) {
  const [expanded, setExpanded] = useState(false);
  const hasChildren = category.subCategories.length > 0;
  return (
    <li>
      <div className="flex items-center" style={{ paddingLeft: `${depth * 16}px` }}>
        <button
          type="button"
          className={`flex-1 px-4 py-2.5 text-left text-sm ${depth === 0 ? 'font-semibold text-stone-900' : 'text-stone-700'} hover:bg-stone-50`}
          onClick={() => onSelect(category)}
        >
          {category.name}
        </button>
        {hasChildren ? (
          <button
            type="button"
            className="px-4 py-2.5 text-stone-500 hover:text-brand-600"
            aria-label={`${expanded ? 'Hide' : 'Show'} ${category.name} sub-categories`}
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
          >
            <ChevronDownIcon width={16} height={16} className={expanded ? 'rotate-180 transition-transform' : 'transition-transform'} />
          </button>
        ) : null}
      </div>
      {hasChildren && expanded ? (
        <ul>
          {category.subCategories.map((child) => (
            <MobileMenuItem key={child.slug} category={child} depth={depth + 1} onSelect={onSelect} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
