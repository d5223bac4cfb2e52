/**
 * Catalogue images on PGlite and PostgreSQL: checked by content, not by name
 * (a PNG called .jpg is a PNG; an SVG or a text file called .png is refused), at most 10 MB,
 * stored once per content (SHA-256) with WebP copies at 320, 640 and 1280 px, never enlarged.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { CatalogueImages, IMAGE_MAX_BYTES, uploadedImageSrcSet } from './catalogue-images.ts';

/** A PNG whose header says `width` x `height` (a decompression bomb's header; its data is one row). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))), chunk('IEND', Buffer.alloc(0))]);
}

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

    it('refuses a 30,000 x 30,000 PNG (a small file that decodes to gigabytes) saying it has too many pixels, and the limit', async () => {
      const bomb = pngHeaderOnly(30_000, 30_000);
      expect(bomb.byteLength).toBeLessThan(10_000);
      const message = 'The image is 30,000 × 30,000 pixels (900 megapixels); the largest is 50 megapixels: make it smaller first.';
      await expect(images.upload(bomb, null)).rejects.toMatchObject({ code: 'invalid_request', message, details: { fields: [{ field: 'image', message }] } });
    });

    it('keeps the served sizes of an upload, not the upload itself, so writing it to the database stays short', async () => {
      const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const stored = await images.upload(photo, null);
      expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 2400, height: 1600 });
      const [row] = await queryRows<{ content_type: string; width: number; kept: number }>(
        database.db,
        sql`SELECT content_type, width, octet_length(bytes) AS kept FROM images WHERE sha256 = ${stored.sha256}`,
      );
      expect(row).toEqual({ content_type: 'image/jpeg', width: 2400, kept: 0 });
      for (const width of [320, 640, 1280]) {
        const variant = await images.variant(stored.sha256, width);
        expect((await sharp(variant!.bytes).metadata()).width).toBe(width);
      }
    });
  });
}
