/**
 * A quote request's artwork file: PDF, PNG or JPEG, told by its first bytes (its content), never
 * by the name or the type the browser claimed, and at most ARTWORK_MAX_BYTES. It is stored as
 * uploaded and only ever served back to staff as a download of the type found here.
 */
import { Invalid } from '../errors.ts';

export const ARTWORK_MAX_BYTES = 5 * 1024 * 1024;

export type ArtworkType = 'application/pdf' | 'image/png' | 'image/jpeg';

const SIGNATURES: readonly { type: ArtworkType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export const artworkMessages = {
  wrongType: 'The artwork must be a PDF, PNG or JPEG file. This file is none of those.',
  tooLarge: `The artwork file is too large: it may be at most ${ARTWORK_MAX_BYTES / (1024 * 1024)} MB.`,
} as const;

/** The type of a file by its first bytes, or null when it is none of the artwork types. */
export function artworkTypeOf(bytes: Uint8Array): ArtworkType | null {
  for (const signature of SIGNATURES) {
    if (bytes.length >= signature.bytes.length && signature.bytes.every((byte, i) => bytes[i] === byte)) return signature.type;
  }
  return null;
}

export interface Artwork {
  name: string;
  type: ArtworkType;
  bytes: Buffer;
}

/** The artwork as it will be stored, or Invalid naming the `artwork` field. */
export function checkedArtwork(name: string, bytes: Uint8Array): Artwork {
  if (bytes.length > ARTWORK_MAX_BYTES) throw new Invalid(artworkMessages.tooLarge, { fields: [{ field: 'artwork', message: artworkMessages.tooLarge }] });
  const type = artworkTypeOf(bytes);
  if (!type) throw new Invalid(artworkMessages.wrongType, { fields: [{ field: 'artwork', message: artworkMessages.wrongType }] });
  const safeName = name.replace(/[^\w.\- ]+/g, '_').slice(-100) || 'artwork';
  return { name: safeName, type, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
