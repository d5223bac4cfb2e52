import { demoCatalogue, type SeedCategory } from '@shop/db/seed';
import { describe, expect, it } from 'vitest';
import { compareWithDrawings, DEMO_MEDIA_DIR } from './generate-illustrations.ts';
import { allIllustrations, illustrationNames } from './illustrations.ts';

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

describe('illustrations', () => {
  const drawings = allIllustrations();
  const used = imagePaths(demoCatalogue());

  it('draws every image the demo catalogue uses', () => {
    expect(used.length).toBeGreaterThan(20);
    for (const path of used) {
      const svg = drawings.get(path);
      expect(svg, path).toBeDefined();
      expectWellFormedSvg(svg!, 400, 400);
    }
  });

  it('draws every known name under products/ and categories/, and nothing else there', () => {
    const names = illustrationNames();
    for (const path of used) expect(names).toContain(path.replace(/^(products|categories)\//, '').replace(/\.svg$/, ''));
    for (const name of names) {
      expectWellFormedSvg(drawings.get(`products/${name}.svg`)!, 400, 400);
      expectWellFormedSvg(drawings.get(`categories/${name}.svg`)!, 400, 400);
    }
    expect(drawings.size).toBe(names.length * 2 + 8);
  });

  it('draws the landing banners and six tiles', () => {
    expectWellFormedSvg(drawings.get('landing/banner-1.svg')!, 1200, 400);
    expectWellFormedSvg(drawings.get('landing/banner-2.svg')!, 1200, 400);
    for (let n = 1; n <= 6; n++) expectWellFormedSvg(drawings.get(`landing/tile-${n}.svg`)!, 600, 400);
  });

  it('uses only plain names the server accepts', () => {
    for (const path of drawings.keys()) expect(path).toMatch(/^(?:products|categories|landing)\/[a-z0-9-]+\.svg$/);
  });

  it('is stable between calls', () => {
    expect([...allIllustrations()]).toEqual([...drawings]);
  });

  it('matches the committed files in apps/server/media/demo (else run scripts/media/generate-illustrations.ts)', () => {
    expect(compareWithDrawings(DEMO_MEDIA_DIR, drawings)).toEqual({ missing: [], changed: [], extra: [] });
  });
});
