/**
 * Catalogue images: JPEG, PNG or WebP up to 10 MB, checked by decoding the
 * bytes (never by the file's name or the browser's content type; SVG is refused, it can carry
 * script), stored in the database content-addressed (SHA-256 of the uploaded bytes) so every
 * process serves them, and resized once, at upload, to WebP copies of a few widths.
 *
 * URLs: `/media/images/<sha256>/<width>.webp` for width in IMAGE_WIDTHS. Their content never
 * changes, so they are served with `immutable` caching (a CDN at MEDIA_BASE_URL takes the load).
 * A product or category stores the 640 one as its image_url; the storefront builds the srcset
 * from it (`uploadedImageSrcSet`).
 *
 * Cost of an upload (docs/images.md): the decoding and resizing run on sharp's own thread, one
 * upload at a time in a process (IMAGE_PROCESSING_CONCURRENCY; others wait their turn), so a
 * 10 MB photo never holds up other requests and never decodes twice at once. What is written to
 * the database is bounded too: on the embedded database (PGlite runs on the request thread) a
 * write costs about 0.1-0.4 s per MB, so only the three served sizes are written (at most about
 * 0.5 MB each, one statement each); the upload itself (up to 10 MB) is not kept.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { images, imageVariants, queryRows, type Database, type Row } from '@shop/db';
import { Invalid } from '../errors.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Widths of the resized copies (never enlarged: a narrower original keeps its width). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The copy an image_url names by default. */
export const IMAGE_DEFAULT_WIDTH = 640;
/** Pixels decoded at most (e.g. 8,000 x 6,000): a small file cannot expand into gigabytes. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Uploads decoded and resized at once in a process: each holds a decoded photo (up to ~150 MB for 50 megapixels). */
export const IMAGE_PROCESSING_CONCURRENCY = 1;

// One libvips thread per image operation: on a small server (two cores) the other core stays with
// the request thread, so customers are served while an upload is resized (it takes longer).
sharp.concurrency(1);

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const imageMessages = {
  missing: 'Choose an image file to upload.',
  tooLarge: (bytes: number) => `The image is ${(bytes / 1024 / 1024).toFixed(1)} MB; the largest is 10 MB.`,
  svg: 'SVG images cannot be uploaded (they can carry scripts): upload a JPEG, PNG or WebP.',
  notImage: 'This file is not a JPEG, PNG or WebP image (its content was checked, not its name).',
  wrongFormat: (format: string) => `This is a ${format.toUpperCase()} image: upload a JPEG, PNG or WebP.`,
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels (${megapixels(width * height)} megapixels); the largest is ${megapixels(IMAGE_MAX_PIXELS)} megapixels: make it smaller first.`,
} as const;

const IMAGE_URL = /\/media\/images\/([0-9a-f]{64})\/(\d+)\.webp$/;

export function uploadedImageUrl(sha256: string, width: number = IMAGE_DEFAULT_WIDTH): string {
  return `/media/images/${sha256}/${width}.webp`;
}

/**
 * The `srcset` of an uploaded image's URL (with any MEDIA_BASE_URL prefix), or null for any
 * other image (the demo SVG illustrations scale by themselves).
 */
export function uploadedImageSrcSet(url: string): string | null {
  const match = IMAGE_URL.exec(url);
  if (!match) return null;
  const base = url.slice(0, url.length - match[0].length);
  return IMAGE_WIDTHS.map((w) => `${base}${uploadedImageUrl(match[1]!, w)} ${w}w`).join(', ');
}

export interface StoredImage {
  sha256: string;
  url: string;
  width: number;
  height: number;
  contentType: string;
}

export class CatalogueImages {
  constructor(private readonly db: Database) {}

  /** Checks, stores and resizes an upload; the same bytes uploaded again are stored once. */
  async upload(bytes: Uint8Array, staffId: number | null): Promise<StoredImage> {
    const { buffer, contentType, metadata } = await checkImageUpload(bytes);
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    const [existing] = await this.db.select({ width: images.width, height: images.height }).from(images).where(eq(images.sha256, sha256));
    if (existing) return { sha256, url: uploadedImageUrl(sha256), width: existing.width, height: existing.height, contentType };
    const variants = await processing.run(() => resize(buffer));
    // The upload's size once turned upright (EXIF orientation), as the copies are.
    const { width: orientedWidth, height: orientedHeight } = metadata.autoOrient;
    await this.db.transaction(async (tx) => {
      const inserted = await queryRows<Pick<Row<typeof images>, 'sha256'>>(
        tx,
        sql`INSERT INTO images (sha256, content_type, width, height, bytes, uploaded_by)
            VALUES (${sha256}, ${contentType}, ${orientedWidth}, ${orientedHeight}, ${NOT_KEPT}, ${staffId})
            ON CONFLICT (sha256) DO NOTHING RETURNING sha256`,
      );
      if (inserted.length === 0) return; // uploaded at the same moment by someone else
      for (const v of variants) {
        await tx.execute(
          sql`INSERT INTO image_variants (sha256, variant_width, content_type, width, height, bytes)
              VALUES (${sha256}, ${v.variantWidth}, 'image/webp', ${v.width}, ${v.height}, ${v.data})`,
        );
      }
    });
    return { sha256, url: uploadedImageUrl(sha256), width: orientedWidth, height: orientedHeight, contentType };
  }

  /** One resized copy's bytes, or null. */
  async variant(sha256: string, width: number): Promise<Pick<Row<typeof imageVariants>, 'contentType' | 'bytes'> | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
    // The bytea column's type makes the bytes a Buffer on either driver.
    const [row] = await this.db
      .select({ contentType: imageVariants.contentType, bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(and(eq(imageVariants.sha256, sha256), eq(imageVariants.variantWidth, width)));
    return row ?? null;
  }
}

/**
 * The checks every uploaded image passes (catalogue images, a customer's photos of a return): not
 * empty, at most 10 MB, JPEG, PNG or WebP by its content (never SVG), at most IMAGE_MAX_PIXELS.
 * Only the header is read; the data is decoded when a copy is made.
 */
export async function checkImageUpload(bytes: Uint8Array): Promise<{ buffer: Buffer; contentType: string; metadata: Metadata }> {
  if (bytes.byteLength === 0) throw new Invalid(imageMessages.missing, { fields: [{ field: 'image', message: imageMessages.missing }] });
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw invalidImage(imageMessages.tooLarge(bytes.byteLength));
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // SVG first, by content: sharp could rasterise it, but it is refused whatever it is called.
  const head = buffer.subarray(0, 2048).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.includes('<!doctype svg')) throw invalidImage(imageMessages.svg);
  let metadata: Metadata;
  try {
    // The header only (nothing is decoded), so an image too large in pixels is told so below.
    metadata = await sharp(buffer, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw invalidImage(imageMessages.notImage);
  }
  if (metadata.format === 'svg') throw invalidImage(imageMessages.svg);
  const contentType = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!contentType) throw invalidImage(metadata.format ? imageMessages.wrongFormat(metadata.format) : imageMessages.notImage);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS) throw invalidImage(imageMessages.tooManyPixels(width, height));
  return { buffer, contentType, metadata };
}

/**
 * An uploaded file not read yet (a page's upload waits in a temporary file): its size is known at
 * once, its bytes are read only when its image job runs, so photos waiting their turn hold no
 * memory, and a form refused for something else is never read at all.
 */
export interface PendingUpload {
  size: number;
  read(): Promise<Uint8Array>;
}

/** Bytes already in memory, as a pending upload. */
export function pendingUploadOf(bytes: Uint8Array): PendingUpload {
  return { size: bytes.byteLength, read: async () => bytes };
}

/**
 * An uploaded image checked as catalogue images are and kept as one upright WebP copy at most
 * `width` wide (a customer's photo of a return: private, so not stored among the public images).
 * The whole of it, reading the upload included, is one image job: however many customers send
 * photos at once, IMAGE_PROCESSING_CONCURRENCY photos at most are in memory.
 */
export async function privateImageCopy(upload: PendingUpload, width = 1280): Promise<{ contentType: 'image/webp'; width: number; height: number; bytes: Buffer }> {
  // Too large is told from the size alone, before anything is read or queued.
  if (upload.size > IMAGE_MAX_BYTES) throw invalidImage(imageMessages.tooLarge(upload.size));
  return processing.run(async () => {
    const { buffer } = await checkImageUpload(await upload.read());
    try {
      const out = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { contentType: 'image/webp' as const, width: out.info.width, height: out.info.height, bytes: out.data };
    } catch {
      throw invalidImage(imageMessages.notImage);
    }
  });
}

/** images.bytes of an upload: the upload is not kept (its served sizes are), see the module's comment. */
const NOT_KEPT = Buffer.alloc(0);

interface Variant {
  variantWidth: number;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The served sizes, one after another, each from the upload (JPEG and WebP shrink while
 * decoding, so a smaller size never holds the whole photo decoded). Every one decodes the data
 * fully: a file whose header is fine but whose data is broken is refused.
 */
async function resize(buffer: Buffer): Promise<Variant[]> {
  const pipeline = (width: number) =>
    sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  try {
    const variants: Variant[] = [];
    for (const variantWidth of IMAGE_WIDTHS) {
      const out = await pipeline(variantWidth).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      variants.push({ variantWidth, data: out.data, width: out.info.width, height: out.info.height });
    }
    return variants;
  } catch {
    throw invalidImage(imageMessages.notImage);
  }
}

/** At most `limit` tasks at once; the others wait in order. */
class TaskQueue {
  private running = 0;
  /** Tasks started so far (imageJobsStarted). */
  started = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.started++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** One queue per process: the image work of every CatalogueImages shares the CPU and memory. */
const processing = new TaskQueue(IMAGE_PROCESSING_CONCURRENCY);

/** Image jobs (decoding and resizing an upload) this process has started: the metrics' shop_image_jobs_total. */
export function imageJobsStarted(): number {
  return processing.started;
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toLocaleString('en-GB', { maximumFractionDigits: 1 });
}

function invalidImage(message: string): Invalid {
  return new Invalid(message, { fields: [{ field: 'image', message }] });
}
