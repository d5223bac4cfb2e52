/**
 * `srcset` for catalogue images uploaded in the back office: their URLs are
 * `<MEDIA_BASE_URL>/media/images/<sha256>/<width>.webp` and copies exist at 320, 640 and
 * 1280 px (core/catalogue-admin/catalogue-images.ts; keep the widths in step). Any other image
 * (the demo SVG illustrations, an outside https:// address) gets none and is used as it is.
 */
const UPLOADED = /\/media\/images\/([0-9a-f]{64})\/\d+\.webp$/;
const WIDTHS = [320, 640, 1280];

export function imageSrcSet(url: string): string | null {
  const match = UPLOADED.exec(url);
  if (!match) return null;
  const base = url.slice(0, url.length - match[0].length);
  return WIDTHS.map((w) => `${base}/media/images/${match[1]}/${w}.webp ${w}w`).join(', ');
}
