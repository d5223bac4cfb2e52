/**
 * The customer's page of a quote (docs/sales-desk.md): the quote with the total it comes to at
 * the chosen delivery address (VAT by destination), how they may pay, and the acceptance form's
 * schema and action: the quote becomes their order, then its page with checkout's thank-you.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { exportVatNote, isRecordId, vatLineLabel } from '@shop/contract/browser';
import { NotFound, penceToPounds, type QuoteView } from '@shop/core';
import { addressNamed } from '~/components/checkout/address-book';
import { deliveryDefaultOf } from '~/components/checkout/address-format';
import { tradeAccountView } from '~/server/checkout/trade-account.server';
import { failureFrom, parseForm, postedForm, refusedForm } from '~/server/forms.server';
import { documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import { placedOrderPath } from '~/components/orders/order-format';

export function quoteIdOf(params: { quoteId?: string }): number {
  if (!isRecordId(params.quoteId ?? '')) throw data(null, { status: 404 });
  return Number(params.quoteId);
}

export async function customerQuote(context: AppLoadContext, userId: number, quoteId: number): Promise<QuoteView> {
  return context.services.quotes.forCustomer(userId, quoteId).catch((error: unknown) => {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  });
}

/** What the quote comes to at the chosen address, worded as checkout words its totals. */
interface QuoteTotals {
  subTotal: number;
  deliveryFee: number;
  vat: number;
  vatRatePercent: number;
  /** "VAT (20%)" or "Zero-rated export (no UK VAT)" (the contract's one wording). */
  vatLabel: string;
  /** A zero-rated export's note (no UK VAT; import VAT or duty may be due on arrival), else null. */
  vatNote: string | null;
  total: number;
}

export async function quotePage(context: AppLoadContext, userId: number, quoteId: number, search: URLSearchParams) {
  const quote = await customerQuote(context, userId, quoteId);
  const [addresses, tradeAccount, basket] = await Promise.all([
    context.services.addresses.listOf(userId, userId),
    tradeAccountView(context, userId),
    context.services.carts.cartOf({ kind: 'user', userId }),
  ]);
  // The address asked for, else the one checkout would deliver to, so the first total shown is checkout's.
  const chosen = addressNamed(search.get('address'), addresses) ?? deliveryDefaultOf(addresses, basket.address_id);
  let totals: QuoteTotals | null = null;
  let addressProblem: string | null = null;
  if (quote.state === 'sent' && chosen) {
    try {
      const t = await context.services.quotes.totalsFor(userId, quoteId, chosen.address_id);
      totals = {
        subTotal: penceToPounds(t.subTotalPence),
        deliveryFee: penceToPounds(t.deliveryFeePence),
        vat: penceToPounds(t.totalTaxPence),
        vatRatePercent: t.vat.ratePercent,
        vatLabel: vatLineLabel(t.vat),
        vatNote: exportVatNote(t.vat.treatment),
        total: penceToPounds(t.totalPence),
      };
    } catch (error) {
      addressProblem = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    quote,
    // What the card panel charges and lists (PayPal's purchase unit): the quote's lines at its
    // totals for the chosen address; the server checks the payment against its own total.
    cardPayment:
      totals && context.payments.mode !== 'none'
        ? {
            count: quote.lines.length,
            subTotal: totals.subTotal,
            deliveryFee: totals.deliveryFee,
            taxPercentage: totals.vatRatePercent,
            totalTax: totals.vat,
            total: totals.total,
            cartIems: quote.lines.map((line) => ({ item_name: line.description, price: penceToPounds(line.totalPence), count: 1, product_price_id: line.productPriceId })),
          }
        : null,
    payments: context.payments,
    addresses: addresses.map((a) => ({ id: a.address_id, label: [a.reference, a.address, a.town, a.post_code].filter(Boolean).join(', ') })),
    chosenAddressId: chosen?.address_id ?? null,
    totals,
    addressProblem,
    tradeAccount,
    requested: search.get('requested') === '1',
  };
}

export const acceptQuoteSchema = z.object({
  address_id: z.number({ error: 'Choose a delivery address.' }).int().positive('Choose a delivery address.'),
  payment_method: z.enum(['bank', 'account', 'paypal'], { error: 'Choose how you will pay.' }),
  /** Card/wallet: the provider's order id the card panel was approved with (verified by core). */
  payment_reference: z.string().trim().max(100).optional(),
  purchase_order_number: z.string().trim().max(50, 'At most 50 characters.').optional(),
});

export async function acceptQuote(request: Request, context: AppLoadContext, userId: number, quoteId: number) {
  const form = await postedForm(request, context);
  const parsed = parseForm(form, acceptQuoteSchema);
  if (!parsed.ok) return refusedForm(parsed, 'accept');
  try {
    const { orderId } = await context.services.quotes.accept(userId, quoteId, {
      payment: parsed.value.payment_method === 'paypal' ? { method: 'paypal', reference: parsed.value.payment_reference ?? '' } : { method: parsed.value.payment_method },
      deliveryAddressId: parsed.value.address_id,
      billingAddressId: null,
      purchaseOrderNumber: parsed.value.purchase_order_number || null,
    });
    return redirect(placedOrderPath(orderId));
  } catch (error) {
    return failureFrom(error, 'accept', form);
  }
}

/** The quote's PDF for the signed-in customer whose quote it is; a 404 for anyone else. */
export async function customerQuotePdf(context: AppLoadContext, userId: number | null, quoteId: number): Promise<Response> {
  if (userId === null) return documentNotFound();
  try {
    const { fileName, pdf } = await context.services.quotes.pdfOf(userId, quoteId);
    return pdfResponse({ filename: fileName, content: pdf });
  } catch (error) {
    if (error instanceof NotFound) return documentNotFound();
    throw error;
  }
}
