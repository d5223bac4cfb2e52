/**
 * Where a category sits in the tree: its ancestors from the top level down, used by the side
 * menu (which branch to open) and the breadcrumbs. Pure functions over the root loader's tree
 * (the menu tree below) or, in loaders, the catalogue's whole tree.
 */
import type { CategoryDto } from '@shop/contract';

/**
 * A category as the menus (header, mobile drawer, side menu) show it: its name and where a
 * click goes (SPEC 2), which its slug and sub-categories decide. The root loader sends every
 * page this tree rather than the catalogue's (descriptions, ids, flags no menu reads): it is in
 * every page's HTML, and the document's bytes weigh on its first paint (DESIGN section 8).
 */
export interface MenuCategory extends Pick<CategoryDto, 'name' | 'slug'> {
  subCategories: MenuCategory[];
}

/** A top-level category: the landing page's 'Shop by category' row shows its picture too. */
export interface TopMenuCategory extends MenuCategory, Pick<CategoryDto, 'image_url'> {}

/** The menu tree of the catalogue's category tree (same order, same levels). */
export function menuTreeOf(tree: readonly CategoryDto[]): TopMenuCategory[] {
  return tree.map((category) => ({ ...menuCategoryOf(category), image_url: category.image_url }));
}

function menuCategoryOf(category: CategoryDto): MenuCategory {
  return { name: category.name, slug: category.slug, subCategories: category.subCategories.map(menuCategoryOf) };
}

/** The categories from the top level down to the one with `slug` (inclusive); empty when unknown. */
export function categoryPath<C extends { slug: string; subCategories: readonly C[] }>(tree: readonly C[], slug: string): C[] {
  for (const node of tree) {
    if (node.slug === slug) return [node];
    const below = categoryPath(node.subCategories, slug);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** First sentence of a text, for meta descriptions (at most about 160 characters). */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const match = /^.*?[.!?](?=\s|$)/s.exec(trimmed);
  const sentence = (match ? match[0] : trimmed).replace(/\s+/g, ' ');
  return sentence.length > 160 ? `${sentence.slice(0, 157).trimEnd()}…` : sentence;
}
