/**
 * Catalogue images on PGlite and PostgreSQL: checked by content, not by name
 * (a PNG called .jpg is a PNG; an SVG or a text file called .png is refused), at most 10 MB,
 * stored once per content (SHA-256) with WebP copies at 320, 640 and 1280 px, never enlarged.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { CatalogueImages, IMAGE_MAX_BYTES, uploadedImageSrcSet } from './catalogue-images.ts';

const png = (width: number, height: number, colour = '#b45309') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

for (const kind of databaseKinds()) {
  describe(`catalogue images [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let images: CatalogueImages;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      images = new CatalogueImages(database.db);
    });
    afterAll(async () => drop?.());

    it('accepts a PNG whatever it is called (the bytes decide), stores it once and serves WebP copies of three widths', async () => {
      const bytes = await png(1600, 1200);
      // The upload has no name at all here: a file called photo.jpg holding PNG bytes is this.
      const stored = await images.upload(bytes, null);
      expect(stored).toMatchObject({ contentType: 'image/png', width: 1600, height: 1200, url: `/media/images/${stored.sha256}/640.webp` });
      const again = await images.upload(bytes, null);
      expect(again.sha256).toBe(stored.sha256);
      for (const width of [320, 640, 1280]) {
        const variant = await images.variant(stored.sha256, width);
        expect(variant?.contentType).toBe('image/webp');
        const meta = await sharp(variant!.bytes).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
      }
      expect(await images.variant(stored.sha256, 999)).toBeNull();
      expect(uploadedImageSrcSet(`https://cdn.example.com${stored.url}`)).toBe(
        [320, 640, 1280].map((w) => `https://cdn.example.com/media/images/${stored.sha256}/${w}.webp ${w}w`).join(', '),
      );
      expect(uploadedImageSrcSet('/media/products/box.svg')).toBeNull();
    });

    it('accepts JPEG and WebP, and never enlarges a small image', async () => {
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } }).jpeg().toBuffer();
      const webp = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#654321' } }).webp().toBuffer();
      expect((await images.upload(jpeg, null)).contentType).toBe('image/jpeg');
      const small = await images.upload(webp, null);
      expect(small.contentType).toBe('image/webp');
      expect((await sharp((await images.variant(small.sha256, 1280))!.bytes).metadata()).width).toBe(200);
    });

    it('refuses an SVG (it can carry script), even one called .png, and a text file called .png', async () => {
      const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      await expect(images.upload(svg, null)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('SVG images cannot be uploaded') });
      await expect(images.upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null)).rejects.toMatchObject({ message: expect.stringContaining('SVG') });
      await expect(images.upload(Buffer.from('just some text, not an image\n'), null)).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('not a JPEG, PNG or WebP'),
        details: { fields: [{ field: 'image' }] },
      });
    });

    it('refuses a GIF (a real image of another format), a truncated PNG and anything over 10 MB', async () => {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      await expect(images.upload(gif, null)).rejects.toMatchObject({ message: expect.stringContaining('GIF') });
      const whole = await png(300, 300, '#abcdef');
      await expect(images.upload(whole.subarray(0, 60), null)).rejects.toMatchObject({ message: expect.stringContaining('not a JPEG, PNG or WebP') });
      const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
      (await png(10, 10)).copy(big);
      await expect(images.upload(big, null)).rejects.toMatchObject({ message: expect.stringContaining('the largest is 10 MB') });
    });
  });
}
