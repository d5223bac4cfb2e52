/** Desktop mega-menu: top-level categories; hover or focus opens their two lower levels. */
import { useState } from 'react';
import { Link } from 'react-router';
import { categoryHref } from '@shop/contract/browser';
import { ChevronDownIcon } from './icons';
import type { MenuCategory } from './catalogue/category-path';

export function CategoryMegaMenu({ categories }: { categories: MenuCategory[] }) {
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  return (
    <nav aria-label="Product categories" className="relative hidden border-t border-stone-200 bg-white lg:block" onMouseLeave={() => setOpenSlug(null)}>
      <ul className="mx-auto flex max-w-7xl flex-wrap justify-center px-2">
        {categories.map((category) => {
          const open = openSlug === category.slug;
          return (
            <li key={category.slug} className="static" onMouseEnter={() => setOpenSlug(category.slug)}>
              <Link
                to={categoryHref(category)}
                className={`flex items-center gap-1 px-2.5 py-2.5 text-sm font-medium transition-colors ${open ? 'text-brand-600' : 'text-stone-700 hover:text-brand-600'}`}
                aria-expanded={category.subCategories.length > 0 ? open : undefined}
                onFocus={() => setOpenSlug(category.slug)}
                onClick={() => setOpenSlug(null)}
              >
                {category.name}
                {category.subCategories.length > 0 ? <ChevronDownIcon width={14} height={14} /> : null}
              </Link>
              {open && category.subCategories.length > 0 ? (
                <div className="absolute inset-x-0 z-30 border-t border-stone-200 bg-white shadow-lg">
                  <div className="mx-auto grid max-w-7xl grid-cols-4 gap-6 px-6 py-6">
                    {category.subCategories.map((child) => (
                      <div key={child.slug}>
                        <Link to={categoryHref(child)} className="font-semibold text-stone-900 hover:text-brand-600" onClick={() => setOpenSlug(null)}>
                          {child.name}
                        </Link>
                        {child.subCategories.length > 0 ? (
                          <ul className="mt-2 space-y-1.5">
                            {child.subCategories.map((grandchild) => (
                              <li key={grandchild.slug}>
                                <Link to={categoryHref(grandchild)} className="text-sm text-stone-600 hover:text-brand-600" onClick={() => setOpenSlug(null)}>
                                  {grandchild.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </div>
                    ))}
                    <div className="col-span-4 border-t border-stone-100 pt-3">
                      <Link to={categoryHref(category)} className="text-sm font-semibold text-brand-600 hover:text-brand-700" onClick={() => setOpenSlug(null)}>
                        View all {category.name} →
                      </Link>
                    </div>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
