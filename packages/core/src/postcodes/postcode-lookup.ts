/**
 * The postcode lookup port (DESIGN section 5) and the one use case around it: the address
 * form's "find" turns a postcode into a list of addresses to pick from. Core parses and
 * normalises the postcode (the `postcode` package); adapters only talk to a provider, and are
 * never called with text that is not a well-formed UK postcode.
 */
import { LRUCache } from 'lru-cache';
import { parse } from 'postcode';

/** One address of a postcode, with the field names of SPEC 3 (Ideal Postcodes' names). */
export interface PostcodeEntry {
  line_1: string;
  building_number: string;
  building_name: string;
  sub_building_name: string;
  thoroughfare: string;
  post_town: string;
  postcode: string;
  country: string;
}

export interface PostcodeLookup {
  /** Addresses of a normalised postcode (e.g. "LS1 4AP"); [] when the provider knows none. */
  find(postcode: string): Promise<PostcodeEntry[]>;
  /** Added to the "nothing found" message, e.g. which postcodes a demo data set knows. */
  readonly notFoundHint?: string;
}

/** The provider could not answer (down, slow, refused the key). `detail` is for the log, not the customer. */
export class PostcodeProviderUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`Postcode provider unavailable: ${detail}`);
    this.name = 'PostcodeProviderUnavailable';
  }
}

export type PostcodeSearchResult = { ok: true; entries: PostcodeEntry[] } | { ok: false; message: string; detail?: string };

export const postcodeMessages = {
  malformed: (text: string) => `"${text}" is not a valid UK postcode. Please check it, or enter your address manually.`,
  empty: 'Please enter a postcode, or enter your address manually.',
  notFound: (postcode: string) => `We could not find any addresses for ${postcode}. Please check the postcode, or enter your address manually.`,
  unavailable: 'The address finder is not available right now. Please enter your address manually.',
} as const;

/** The well-formed UK postcode in its usual form ("ls14ap" -> "LS1 4AP"), or null. */
export function normalisePostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 5 || compact.length > 7) return null;
  return parse(compact).postcode ?? null;
}

export interface PostcodeSearchOptions {
  /** How long a found postcode is remembered, sparing paid lookups (default 1 day). */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
}

export class PostcodeSearch {
  /** Postcodes found lately, least recently asked for going first past the bound. */
  private readonly cache: LRUCache<string, PostcodeEntry[]>;

  constructor(
    private readonly lookup: PostcodeLookup,
    options: PostcodeSearchOptions = {},
  ) {
    this.cache = new LRUCache({ max: options.cacheMaxEntries ?? 2_000, ttl: options.cacheTtlMs ?? 24 * 60 * 60 * 1000 });
  }

  async search(text: string): Promise<PostcodeSearchResult> {
    const trimmed = text.trim();
    if (!trimmed) return { ok: false, message: postcodeMessages.empty };
    const postcode = normalisePostcode(trimmed);
    if (!postcode) return { ok: false, message: postcodeMessages.malformed(trimmed.slice(0, 20)) };

    const cached = this.cache.get(postcode);
    if (cached) return { ok: true, entries: cached };

    let entries: PostcodeEntry[];
    try {
      entries = await this.lookup.find(postcode);
    } catch (error) {
      const detail = error instanceof PostcodeProviderUnavailable ? error.detail : String(error);
      return { ok: false, message: postcodeMessages.unavailable, detail };
    }
    if (entries.length === 0) {
      const hint = this.lookup.notFoundHint ? ` ${this.lookup.notFoundHint}` : '';
      return { ok: false, message: postcodeMessages.notFound(postcode) + hint };
    }
    this.cache.set(postcode, entries);
    return { ok: true, entries };
  }
}
