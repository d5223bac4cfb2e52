/**
 * The production postcode adapter: Ideal Postcodes' REST API.
 * GET {base}/v1/postcodes/{postcode}?api_key=... answers 200 `{ code: 2000, result: [...] }`
 * or 404 `{ code: 4040 }` when the postcode has no addresses. Anything else (a refused key,
 * no balance, a 5xx, no answer within the timeout) means the provider is unavailable.
 */
import { PostcodeProviderUnavailable, type PostcodeEntry, type PostcodeLookup } from '@shop/core';
import { describeFetchError } from '../fetch-errors.ts';

export const IDEAL_POSTCODES_DEFAULT_BASE_URL = 'https://api.ideal-postcodes.co.uk';

export interface IdealPostcodesOptions {
  apiKey: string;
  baseUrl?: string;
  /** Give up after this long (default 5 s): the customer can always type the address. */
  timeoutMs?: number;
}

interface IdealPostcodesAddress {
  line_1?: unknown;
  building_number?: unknown;
  building_name?: unknown;
  sub_building_name?: unknown;
  thoroughfare?: unknown;
  post_town?: unknown;
  postcode?: unknown;
  country?: unknown;
}

export class IdealPostcodesLookup implements PostcodeLookup {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: IdealPostcodesOptions) {
    this.baseUrl = (options.baseUrl ?? IDEAL_POSTCODES_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async find(postcode: string): Promise<PostcodeEntry[]> {
    const url = `${this.baseUrl}/v1/postcodes/${encodeURIComponent(postcode)}?api_key=${encodeURIComponent(this.options.apiKey)}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new PostcodeProviderUnavailable(describeFetchError(error, this.timeoutMs));
    }
    const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown; result?: unknown } | null;
    if (response.status === 404 && body?.code === 4040) return [];
    if (!response.ok) {
      const message = typeof body?.message === 'string' ? `: ${body.message}` : '';
      throw new PostcodeProviderUnavailable(`Ideal Postcodes answered ${response.status} (code ${String(body?.code ?? '?')})${message}`);
    }
    if (!body || !Array.isArray(body.result)) throw new PostcodeProviderUnavailable('Ideal Postcodes answered without a result list');
    return (body.result as IdealPostcodesAddress[]).map((a) => ({
      line_1: text(a.line_1),
      building_number: text(a.building_number),
      building_name: text(a.building_name),
      sub_building_name: text(a.sub_building_name),
      thoroughfare: text(a.thoroughfare),
      post_town: text(a.post_town),
      postcode: text(a.postcode) || postcode,
      country: text(a.country),
    }));
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}
