/**
 * The phone order page's steps (docs/sales-desk.md; 'sales-desk'), kept in the address so each
 * works without JavaScript: `customer` (chosen from the directory or created), `lines` (packs and
 * counts, "productPriceId:count,..."), `find` (the catalogue search for packs to add), `postcode`
 * (the address finder). The forms that change something post: a new customer, a new address,
 * accepting one of the customer's quotes for them, and placing the order.
 */
import { randomUUID } from 'node:crypto';
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { createAddressBodySchema, formatPounds } from '@shop/contract';
import { isRecordId } from '@shop/contract/browser';
import { DomainError, penceToPounds, type StaffMember } from '@shop/core';
import { adminFailureOf, textField, wholeNumber } from '~/server/admin/admin-forms.server';
import { readForm, type FormProblems } from '~/server/forms.server';
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
  const customer = userId === null ? null : await services.customerDirectory.detail(userId).catch(() => null);
  if (userId !== null && !customer) throw data({ message: 'No such customer.' }, { status: 404 });
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
const addressSchema = z.object({
  intent: z.literal('add-address'),
  customer: wholeNumber('Choose the customer first.'),
  lines: textField(400),
  reference: textField(100),
  contact_name: textField(100),
  company_name: textField(100),
  region: textField(50),
  address: textField(500),
  town: textField(50),
  post_code: textField(100),
  country: textField(50),
  phone: textField(15),
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

export type PhoneOrderAnswer = { ok: false; intent: string; message: string; fields: Record<string, string> };

export async function phoneOrderAction(request: Request, context: AppLoadContext, staff: StaffMember) {
  const form = await readForm(request, phoneOrderFormSchema);
  const intent = typeof form.posted.intent === 'string' ? form.posted.intent : '';
  const fail = ({ message, fields, status }: FormProblems) => data<PhoneOrderAnswer>({ ok: false, intent, message, fields }, { status });
  if (!form.ok) return fail(form.problems);
  const services = context.services;
  const value = form.value;
  try {
    switch (value.intent) {
      case 'create-customer': {
        const { userId } = await services.phoneOrders.createCustomer(staff.staffId, value);
        return redirect(phoneOrderHref({ customer: userId }));
      }
      case 'add-address': {
        const body = createAddressBodySchema.safeParse({ ...value, country: value.country || 'United Kingdom' });
        if (!body.success) {
          const issue = body.error.issues[0];
          return fail({ message: issue?.message ?? 'Check the address.', fields: issue ? { [String(issue.path[0])]: issue.message } : {}, status: 400 });
        }
        await services.addresses.create(value.customer, body.data);
        return redirect(phoneOrderHref({ customer: value.customer, lines: parseLines(value.lines) }));
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
  } catch (error) {
    return fail(adminFailureOf(error));
  }
}
