/**
 * VAT by destination (DESIGN section 4 "Money"): the one table from delivery zone to VAT
 * treatment. Baskets (cart-totals.ts), orders (fixed when placed, orders.vat_treatment and
 * orders.vat_rate_percent), invoices, e-mails and exports all take the VAT of a supply from here
 * or from the order that stored it; nothing else decides a rate. The wording is the contract's
 * (`vatWording`, `vatLineLabel`), so the storefront can say it without importing core.
 *
 * Sources (HMRC):
 * - VAT Notice 700 "The VAT guide" (https://www.gov.uk/guidance/vat-guide-notice-700): the Isle
 *   of Man is part of the UK VAT area (it and the UK are treated as one for VAT), so goods sent
 *   there are UK supplies at the standard rate, not exports.
 * - "Accounting for VAT on goods moving between Great Britain and Northern Ireland"
 *   (https://www.gov.uk/guidance/accounting-for-vat-on-goods-moving-between-great-britain-and-northern-ireland):
 *   Northern Ireland remains in the UK VAT area; goods sold from Great Britain to a customer in
 *   Northern Ireland are charged UK VAT at the standard rate.
 * - VAT Notice 703 "Exporting goods from the UK"
 *   (https://www.gov.uk/guidance/vat-on-goods-exported-from-the-uk-notice-703): goods sent to a
 *   destination outside the UK VAT area are exports and zero-rated, provided the supplier
 *   exports them (the shop's own carrier delivers them: a direct export) and holds official or
 *   commercial evidence of export within 3 months of the supply. The Channel Islands (Jersey,
 *   Guernsey, Alderney, Sark) are outside the UK VAT area and so are the Republic of Ireland
 *   and the rest of the EU since 1 January 2021.
 *
 * The mainland, the Scottish Highlands and islands and the Isles of Scilly are Great Britain:
 * the standard rate. The shop keeps delivering to every zone; an export basket is simply priced
 * without VAT and says so before payment.
 */
import { vatWording, type DeliveryZone, type VatOfSupply, type VatTreatment } from '@shop/contract';

/** Each delivery zone's VAT treatment: the one rule (sources above). */
export const VAT_TREATMENT_BY_ZONE: Readonly<Record<DeliveryZone, VatTreatment>> = {
  mainland: 'standard',
  'highlands-and-islands': 'standard',
  'isles-of-scilly': 'standard',
  'northern-ireland': 'standard',
  'isle-of-man': 'standard',
  'channel-islands': 'export',
  'republic-of-ireland': 'export',
};

/**
 * The VAT of a supply delivered to `zone`: the shop's standard rate (shop.vatRatePercent), or 0%
 * for a zero-rated export. With no delivery address chosen yet (null) a basket is priced at the
 * standard rate, as it is priced for mainland UK delivery.
 */
export function vatForZone(zone: DeliveryZone | null, standardRatePercent: number): VatOfSupply {
  const treatment = zone === null ? 'standard' : VAT_TREATMENT_BY_ZONE[zone];
  return { treatment, ratePercent: treatment === 'export' ? 0 : standardRatePercent };
}

/**
 * Why an order carries no VAT, for its invoice (HMRC requires a zero-rated invoice to give the
 * reason); null for an order at the standard rate.
 */
export function zeroRatingReason(treatment: VatTreatment): string | null {
  return treatment === 'export'
    ? `${vatWording.zeroRatedExport}: the goods are sent outside the UK VAT area, so no UK VAT is charged (HMRC VAT Notice 703, Exporting goods from the UK).`
    : null;
}

/**
 * The rate inc-VAT prices are shown at in the storefront (the header's "Prices ex VAT / inc VAT"
 * switch, DESIGN section 4 "Money"): a UK supply's standard rate. What a basket or an order
 * actually charges still follows its delivery zone (vatForZone).
 */
export function displayVatRatePercent(standardRatePercent: number): number {
  return vatForZone('mainland', standardRatePercent).ratePercent;
}
