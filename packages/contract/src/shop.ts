import { z } from 'zod';

/** The shop details the browser may see (DESIGN section 6): an explicit allow-list. */
export const publicShopDetailsSchema = z.object({
  companyName: z.string(),
  tradingName: z.string(),
  companyNumber: z.string(),
  vatNumber: z.string(),
  motto: z.string(),
  city: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    town: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
  phones: z.object({ sales: z.string(), office: z.string() }),
  email: z.string(),
  openingHours: z.array(z.object({ days: z.string(), hours: z.string() })),
  vatRatePercent: z.number(),
  freeDeliveryThreshold: z.number().describe('Pounds ex-VAT'),
  deliveryFee: z.number().describe('Pounds ex-VAT'),
  /** Remote zones (Highlands and islands, Northern Ireland, Scilly, Channel Islands, Isle of Man, Republic of Ireland): every basket, no free delivery. */
  remoteDeliveryFee: z.number().describe('Pounds ex-VAT, carriage to a remote postcode whatever the subtotal'),
  /** Days a sent quote may be accepted, to the end of the last London day (decision record 018); default 30 (SPEC section 9). */
  quoteValidityDays: z.number().int().positive().optional(),
  bank: z.object({
    payee: z.string(),
    bankName: z.string(),
    sortCode: z.string(),
    accountNumber: z.string(),
    referencePrefix: z.string(),
  }),
  /**
   * Where the storefront is served (PUBLIC_BASE_URL, no trailing slash): absolute canonical
   * links and structured data. Set by the server from its configuration, not by shop.config.
   */
  publicBaseUrl: z.string().optional(),
});
export type PublicShopDetails = z.infer<typeof publicShopDetailsSchema>;
