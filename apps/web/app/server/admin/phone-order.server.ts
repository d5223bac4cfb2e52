/**
 * The phone order page's steps (docs/sales-desk.md; 'sales-desk'), kept in the address so each
 * works without JavaScript: `customer` (chosen from the directory or created), `lines` (packs and
 * counts, "productPriceId:count,..."), `find` (the catalogue search for packs to add), `postcode`
 * (the address finder). The forms that change something post: a new customer, a new address,
 * accepting one of the customer's quotes for them, and placing the order.
 */
import { randomUUID } from 'node:crypto';
import { redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { formatPounds } from '@shop/contract';
import { addressFields } from '@shop/contract/forms';
import { isRecordId } from '@shop/contract/browser';
import { DomainError, penceToPounds } from '@shop/core';
import { textField, wholeNumber } from '~/server/admin/admin-forms.server';
import { foundOr404, type AdminChange } from '~/server/admin/admin-page.server';
import { redirectWithNotice } from '~/server/admin/admin-notice.server';
import { linesText, parseLines, phoneOrderHref } from '~/components/admin/phone-order-steps';

export async function phoneOrderPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const search = url.searchParams;
  const services = context.services;
  const customerText = search.get('customer') ?? '';
  const userId = isRecordId(customerText) ? Number(customerText) : null;
  let lines = parseLines(search.get('lines'));
  const add = search.get('add');
  if (add && isRecordId(add)) lines = parseLines(`${linesText(lines)},${add}:${Number(search.get('count') ?? '1') || 1}`);
  const q = (search.get('q') ?? '').slice(0, 100);
  const find = (search.get('find') ?? '').slice(0, 100);
  const postcode = (search.get('postcode') ?? '').slice(0, 20);

  const customers = userId === null && q ? (await services.customerDirectory.search(q, 1)).customers : [];
  const customer = userId === null ? null : await foundOr404(services.customerDirectory.detail(userId), 'No such customer.');
  const [tradeAccount, quotes, found, postcodeResult] = await Promise.all([
    userId === null ? null : services.tradeAccounts.accountOf(userId),
    userId === null ? [] : services.quotes.acceptableOf(userId),
    find ? services.catalogue.search(find, 1, 10) : null,
    userId !== null && postcode ? services.postcodes.search(postcode) : null,
  ]);
  let priced: { lines: { productPriceId: number | null; name: string; size1: string; qty: number; count: number; packPrice: string; lineTotal: string }[]; problem: string | null } = { lines: [], problem: null };
  try {
    const packs = await services.phoneOrders.packLines(userId, lines);
    priced = {
      lines: packs.map((p) => ({ productPriceId: p.productPriceId, name: p.productName, size1: p.size1, qty: p.qty, count: p.count, packPrice: formatPounds(penceToPounds(p.pricePence)), lineTotal: formatPounds(penceToPounds(p.pricePence * p.count)) })),
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    priced.problem = error.message;
  }
  const addresses = customer?.addresses ?? [];
  const chosenAddress = addresses.find((a) => !a.isBilling) ?? addresses[0] ?? null;
  const totals: Record<string, string | null> = {};
  let totalsProblem: string | null = null;
  if (userId !== null && priced.lines.length > 0) {
    for (const address of addresses) {
      try {
        const t = await services.phoneOrders.totals(userId, lines, address.addressId);
        totals[address.addressId] =
          `${formatPounds(penceToPounds(t.subTotalPence))} + delivery ${formatPounds(penceToPounds(t.deliveryFeePence))} + VAT ${formatPounds(penceToPounds(t.totalTaxPence))} = ${formatPounds(penceToPounds(t.totalPence))}`;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        totals[address.addressId] = null;
        totalsProblem = error.message;
      }
    }
  }
  return {
    q,
    find,
    postcode,
    customers: customers.map((c) => ({ userId: c.userId, name: c.name, email: c.email, companyName: c.companyName, phone: c.phone })),
    customer: customer
      ? {
          userId: customer.userId,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          email: customer.email,
          phone: customer.phone,
          companyName: customer.companyName,
          addresses: addresses.map((a) => ({ id: a.addressId, label: [a.reference, a.region, a.address, a.town, a.postCode].filter(Boolean).join(', '), total: totals[a.addressId] ?? null })),
        }
      : null,
    chosenAddressId: chosenAddress?.addressId ?? null,
    tradeAccount: tradeAccount ? { available: formatPounds(penceToPounds(tradeAccount.availablePence)), limit: formatPounds(penceToPounds(tradeAccount.creditLimitPence)) } : null,
    quotes: quotes.map((quote) => ({ quoteId: quote.quoteId, number: quote.number, summary: quote.itemSummary, validUntil: quote.validUntil, subTotal: quote.subTotalPence === null ? '' : formatPounds(penceToPounds(quote.subTotalPence)) })),
    found: (found?.products ?? []).map((p) => ({
      productId: p.product_id,
      name: p.name,
      packs: p.product_Sizes.flatMap((size) => size.packs.map((pack) => ({ productPriceId: pack.product_price_id, label: `${size.size1}, pack of ${pack.pack_range[0] ?? 1}`, price: formatPounds(pack.price) }))),
    })),
    postcodeResult: postcodeResult
      ? postcodeResult.ok
        ? { ok: true as const, entries: postcodeResult.entries.slice(0, 30).map((e) => ({ line: [e.line_1, e.post_town, e.postcode].filter(Boolean).join(', '), region: (e.building_name || e.building_number || e.line_1 || '').slice(0, 50), address: e.thoroughfare || e.line_1, town: e.post_town, postCode: e.postcode })) }
        : { ok: false as const, message: postcodeResult.message }
      : null,
    lines: priced.lines,
    linesText: linesText(lines),
    linesProblem: priced.problem,
    totalsProblem,
    formKey: randomUUID(),
  };
}

const customerSchema = z.object({ intent: z.literal('create-customer'), firstName: textField(50), lastName: textField(50), email: textField(99), phone: textField(14) });
/** A new address for the customer: the address book's own fields and messages (the storefront's form, the API's body). */
const addressSchema = z.object({
  intent: z.literal('add-address'),
  customer: wholeNumber('Choose the customer first.'),
  lines: textField(400),
  ...addressFields,
  // Taken by phone in the UK: the country is rarely said.
  country: addressFields.country.default('United Kingdom'),
});
const placeSchema = z.object({
  intent: z.literal('place'),
  customer: wholeNumber('Choose the customer first.'),
  lines: textField(400),
  address_id: wholeNumber('Choose a delivery address.'),
  payment: z.enum(['account', 'bank', 'card-link'], { error: 'Choose how the customer pays.' }),
  note: textField(50),
  formKey: textField(64),
});
const acceptSchema = z.object({
  intent: z.literal('accept-quote'),
  customer: wholeNumber('Choose the customer first.'),
  quote_id: wholeNumber('Choose a quote.'),
  address_id: wholeNumber('Choose a delivery address.'),
  payment: z.enum(['account', 'bank'], { error: 'Choose how the customer pays.' }),
});
export const phoneOrderFormSchema = z.discriminatedUnion('intent', [customerSchema, addressSchema, placeSchema, acceptSchema]);

/** The phone order page's forms: each change, or the redirect to where it leads. */
export async function phoneOrderChange({ value, staff, context }: AdminChange<z.output<typeof phoneOrderFormSchema>, null>): Promise<string | Response> {
  const services = context.services;
  switch (value.intent) {
    case 'create-customer': {
      const { userId } = await services.phoneOrders.createCustomer(staff.staffId, value);
      return redirect(phoneOrderHref({ customer: userId }));
    }
    case 'add-address': {
      const { intent: _intent, customer, lines, ...address } = value;
      await services.addresses.create(customer, address);
      return redirect(phoneOrderHref({ customer, lines: parseLines(lines) }));
    }
    case 'place': {
      const { orderId } = await services.phoneOrders.place(
        { staffId: staff.staffId, name: staff.name },
        { userId: value.customer, lines: parseLines(value.lines), deliveryAddressId: value.address_id, note: value.note, payment: value.payment, formKey: value.formKey },
      );
      if (orderId === null) return redirectWithNotice(`/admin/customers/${value.customer}`, 'card-link', context);
      return redirect(`/admin/orders/${orderId}`);
    }
    case 'accept-quote': {
      const { orderId } = await services.quotes.accept(value.customer, value.quote_id, {
        payment: { method: value.payment },
        deliveryAddressId: value.address_id,
        billingAddressId: null,
        purchaseOrderNumber: null,
        takenBy: { staffId: staff.staffId, name: staff.name },
      });
      return redirect(`/admin/orders/${orderId}`);
    }
  }
}

/** What a refused form shows again as typed. */
export const PHONE_ORDER_KEPT = ['firstName', 'lastName', 'email', 'phone', 'reference', 'contact_name', 'company_name', 'region', 'address', 'town', 'post_code', 'country', 'note'] as const;
