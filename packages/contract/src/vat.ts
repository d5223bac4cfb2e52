/**
 * VAT treatments (DESIGN section 4 "Money", VAT by destination): their names and how the shop
 * words them, so the API, the storefront, the e-mails and the documents say the same thing.
 * Which zone takes which treatment is decided in one place only, core's
 * pricing/vat-by-destination.ts (with its HMRC sources); this file only words it. Zod-free
 * (browser-safe), like delivery-zones.ts.
 */

/** `standard`: UK VAT at the order's rate. `export`: zero-rated, goods leaving the UK VAT area. */
export const VAT_TREATMENTS = ['standard', 'export'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** The VAT that applies to a basket or an order: its treatment and the rate charged (0 for an export). */
export interface VatOfSupply {
  treatment: VatTreatment;
  ratePercent: number;
}

export const vatWording = {
  /** What an invoice and the exports call an export's VAT (HMRC's term). */
  zeroRatedExport: 'Zero-rated export',
  /** Why no VAT is charged, for the customer and on the invoice (HMRC requires the reason for zero rating). */
  exportExplanation: 'No UK VAT: goods sent outside the UK VAT area are zero-rated exports.',
  /** What a buyer outside the UK VAT area (the Channel Islands, Ireland) may still pay on arrival. */
  importCharges: 'Import VAT, GST or customs duty may be due when the goods arrive: the destination charges it to you, not us.',
} as const;

/**
 * The note under the totals of a zero-rated export (basket, checkout, quote, order page, e-mails):
 * why no UK VAT is charged, and that the destination may charge import VAT or duty. Null at the
 * standard rate. The one place this is worded, so each page says it once and the same way.
 */
export function exportVatNote(treatment: VatTreatment): string | null {
  return treatment === 'export' ? `${vatWording.exportExplanation} ${vatWording.importCharges}` : null;
}

/** The label of the VAT line of a basket, an order or an e-mail: "VAT (20%)" or "Zero-rated export (no UK VAT)". */
export function vatLineLabel(vat: VatOfSupply): string {
  return vat.treatment === 'export' ? `${vatWording.zeroRatedExport} (no UK VAT)` : `VAT (${vat.ratePercent}%)`;
}
