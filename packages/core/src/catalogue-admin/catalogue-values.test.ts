import { describe, expect, it } from 'vitest';
import { catalogueMessages, parseImageUrl } from './catalogue-values.ts';

describe('the image address staff type for a product or category', () => {
  it('keeps a clean path under /media/, an https:// address, or none', () => {
    for (const url of ['', '/media/products/box.svg', '/media/images/abc/640.webp', '/media/a.b-c_d.png', 'https://cdn.example.com/box.jpg?w=640']) {
      expect(parseImageUrl(url)).toEqual({ ok: true, value: url });
    }
  });

  it('refuses a /media/ path that climbs out of the media folder, and addresses that are not plain https://', () => {
    for (const url of [
      '/media/../../etc/passwd',
      '/media/images/../../../etc/passwd',
      '/media/./products/box.svg',
      '/media//etc/passwd',
      '/media/..',
      '/media/',
      '/etc/passwd',
      '//evil.example/box.png',
      'http://example.com/box.png',
      'javascript:alert(1)',
      'https://',
      'https://user:secret@example.com/box.png',
      'https://example.com\\@evil.example/box.png',
    ]) {
      expect(parseImageUrl(url), url).toEqual({ ok: false, message: catalogueMessages.imageUrl });
    }
  });
});
