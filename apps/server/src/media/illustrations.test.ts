import { demoCatalogue, type SeedCategory } from '@shop/db/seed';
import { describe, expect, it } from 'vitest';
import { illustrationNames, renderIllustration } from './illustrations.ts';

function imagePaths(tree: SeedCategory[]): string[] {
  const out = new Set<string>();
  const walk = (node: SeedCategory) => {
    out.add(node.imageUrl);
    for (const p of node.products ?? []) out.add(p.imageUrl);
    node.children?.forEach(walk);
  };
  tree.forEach(walk);
  return [...out].map((url) => url.replace(/^\/media\//, ''));
}

/** A small well-formedness check: one root <svg>, balanced tags, quoted attributes. */
function expectWellFormedSvg(svg: string, width: number, height: number): void {
  expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`)).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
  // Every '<' starts a tag the pattern above understood.
  expect(svg.match(/</g)!.length).toBe([...svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/g)].length);
  expect(svg).not.toMatch(/<script|javascript:|\son[a-z]+=|<foreignObject|<text|<image/i);
  for (const ref of svg.matchAll(/href="([^"]*)"/g)) expect(ref[1]).toMatch(/^#/);
  expect(svg).not.toMatch(/url\((?!#)/);
  expect(svg).not.toMatch(/NaN|undefined/);
  expect(Buffer.byteLength(svg)).toBeLessThan(4096);
}

describe('renderIllustration', () => {
  const used = imagePaths(demoCatalogue());

  it('renders every image the demo catalogue uses', () => {
    expect(used.length).toBeGreaterThan(20);
    for (const path of used) {
      const svg = renderIllustration(path);
      expect(svg, path).not.toBeNull();
      expectWellFormedSvg(svg!, 400, 400);
    }
  });

  it('renders every known name under products/ and categories/', () => {
    const names = illustrationNames();
    for (const path of used) expect(names).toContain(path.replace(/^(products|categories)\//, '').replace(/\.svg$/, ''));
    for (const name of names) {
      expectWellFormedSvg(renderIllustration(`products/${name}.svg`)!, 400, 400);
      expectWellFormedSvg(renderIllustration(`categories/${name}.svg`)!, 400, 400);
    }
  });

  it('renders the landing banners and six tiles', () => {
    expectWellFormedSvg(renderIllustration('landing/banner-1.svg')!, 1200, 400);
    expectWellFormedSvg(renderIllustration('landing/banner-2.svg')!, 1200, 400);
    for (let n = 1; n <= 6; n++) expectWellFormedSvg(renderIllustration(`landing/tile-${n}.svg`)!, 600, 400);
  });

  it('answers null for unknown or malformed paths', () => {
    for (const path of [
      'products/no-such-thing.svg',
      'categories/banner-1.svg',
      'landing/tile-7.svg',
      'landing/box-kraft.svg',
      'products/box-kraft.png',
      'products/box-kraft',
      'other/box-kraft.svg',
      '../products/box-kraft.svg',
      'products/../landing/banner-1.svg',
      'products/constructor.svg',
      'products/__proto__.svg',
      '',
    ]) {
      expect(renderIllustration(path), path).toBeNull();
    }
  });

  it('is stable between calls', () => {
    expect(renderIllustration('products/box-kraft.svg')).toBe(renderIllustration('products/box-kraft.svg'));
  });
});
