/**
 * Where a click on a category goes (SPEC 2, "Category page" and the mobile menu).
 * Shared by the server (the /category redirect) and the browser (menus, cards).
 */
export interface CategoryNode {
  slug: string;
  subCategories: readonly CategoryNode[];
}

export function categoryPageHref(slug: string): string {
  return `/category?categoryCode=${encodeURIComponent(slug)}`;
}

export function productsPageHref(slug: string): string {
  return `/products?categoryCode=${encodeURIComponent(slug)}`;
}

/** A category with sub-categories opens the category page; one without lists its products. */
export function categoryHref(category: CategoryNode): string {
  return category.subCategories.length > 0 ? categoryPageHref(category.slug) : productsPageHref(category.slug);
}

/** The category page redirects a category without sub-categories to its products list. */
export function categoryRedirectTarget(category: CategoryNode): string | null {
  return category.subCategories.length > 0 ? null : productsPageHref(category.slug);
}

/**
 * Mobile menu: navigate in the app when the item (or one of its children) has sub-categories;
 * otherwise a full page load of /category?categoryCode=, which the server redirects.
 */
export function mobileMenuTarget(category: CategoryNode): { href: string; fullPageLoad: boolean } {
  const hasNested = category.subCategories.length > 0 || category.subCategories.some((c) => c.subCategories.length > 0);
  return { href: categoryPageHref(category.slug), fullPageLoad: !hasNested };
}
