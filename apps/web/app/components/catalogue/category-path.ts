/**
 * Where a category sits in the tree: its ancestors from the top level down, used by the side
 * menu (which branch to open) and the breadcrumbs. Pure functions over the root loader's tree.
 */
import type { CategoryDto } from '@shop/contract';

/** The categories from the top level down to the one with `slug` (inclusive); empty when unknown. */
export function categoryPath(tree: readonly CategoryDto[], slug: string): CategoryDto[] {
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
