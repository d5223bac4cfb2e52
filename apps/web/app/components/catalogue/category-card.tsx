/**
 * A sub-category in the category page grid: image, name, 'New' badge and a 'View Full Range'
 * button. The whole card is one link: to the category page when it has sub-categories, else
 * straight to its products (SPEC 2).
 */
import { Link } from 'react-router';
import type { CategoryDto } from '@shop/contract';
import { categoryHref } from '@shop/contract/browser';
import { NewBadge } from './new-badge';
import { imageSrcSet } from '~/lib/image-srcset';

/**
 * What a sub-category card shows: the category page's loader sends this per sub-category (not
 * the category with its own branch, descriptions and ids: DESIGN section 8, bytes of the HTML).
 */
export type CategoryCardData = Pick<CategoryDto, 'slug' | 'name' | 'image_url' | 'is_new'> & {
  /** Where the card leads (categoryHref: the category page, or its products when it has no sub-categories). */
  href: string;
};

/** A category as its card shows it. */
export function categoryCardOf(category: CategoryDto): CategoryCardData {
  const { slug, name, image_url, is_new } = category;
  return { slug, name, image_url, is_new, href: categoryHref(category) };
}

interface Props {
  category: CategoryCardData;
  eager?: boolean;
  priority?: boolean;
}

export function CategoryCard({ category, eager = false, priority = false }: Props) {
  return (
    <Link
      to={category.href}
      className="card group flex w-full flex-col overflow-hidden transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      data-testid="category-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-[#f6f2ec]">
        <img
          src={category.image_url}
          srcSet={imageSrcSet(category.image_url) ?? undefined}
          sizes={imageSrcSet(category.image_url) ? '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw' : undefined}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {category.is_new ? <NewBadge className="absolute top-2 left-2" /> : null}
      </div>
      <div className="flex flex-1 flex-col items-start gap-3 border-t border-stone-100 p-3 sm:p-4">
        <h2 className="text-sm leading-snug sm:text-base font-semibold text-stone-900 group-hover:text-brand-700">{category.name}</h2>
        <span className="btn-primary mt-auto w-full px-2 whitespace-nowrap sm:w-auto sm:px-4">View Full Range</span>
      </div>
    </Link>
  );
}
