import { describe, expect, it } from 'vitest';
import { categoryHref, categoryRedirectTarget, mobileMenuTarget } from './category-navigation.ts';

const leaf = { slug: 'grey-mailing-bags', subCategories: [] };
const parent = { slug: 'mailing-bags', subCategories: [leaf] };
const grandparent = { slug: 'postal-mailing', subCategories: [parent] };

describe('category links and redirect rule (SPEC 2)', () => {
  it('a category with sub-categories opens the category page', () => {
    expect(categoryHref(parent)).toBe('/category?categoryCode=mailing-bags');
    expect(categoryRedirectTarget(parent)).toBeNull();
  });

  it('a category without sub-categories goes to its products list', () => {
    expect(categoryHref(leaf)).toBe('/products?categoryCode=grey-mailing-bags');
    expect(categoryRedirectTarget(leaf)).toBe('/products?categoryCode=grey-mailing-bags');
  });

  it('slugs are URL-encoded', () => {
    expect(categoryHref({ slug: 'a&b', subCategories: [] })).toBe('/products?categoryCode=a%26b');
  });

  it('mobile menu navigates in the app when the branch has sub-categories, else loads /category in full', () => {
    expect(mobileMenuTarget(grandparent)).toEqual({ href: '/category?categoryCode=postal-mailing', fullPageLoad: false });
    expect(mobileMenuTarget(parent)).toEqual({ href: '/category?categoryCode=mailing-bags', fullPageLoad: false });
    expect(mobileMenuTarget(leaf)).toEqual({ href: '/category?categoryCode=grey-mailing-bags', fullPageLoad: true });
  });
});
