/** Chooses the postcode adapter from configuration (DESIGN section 5): Ideal Postcodes with a key, else the demo data set. */
import type { PostcodeLookup } from '@shop/core';
import type { AppConfig } from '../../config.ts';
import { DemoPostcodeLookup } from './demo-postcode-lookup.ts';
import { IdealPostcodesLookup } from './ideal-postcodes-lookup.ts';

export function createPostcodeLookup(config: Pick<AppConfig, 'postcodes'>): PostcodeLookup {
  const { idealPostcodesApiKey, idealPostcodesBaseUrl } = config.postcodes;
  if (idealPostcodesApiKey) return new IdealPostcodesLookup({ apiKey: idealPostcodesApiKey, baseUrl: idealPostcodesBaseUrl });
  return new DemoPostcodeLookup();
}
