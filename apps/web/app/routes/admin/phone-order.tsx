/**
 * Take an order by phone ('sales-desk'; docs/sales-desk.md), in steps on one page that work
 * without JavaScript: 1. the customer (search the directory, or create them: they are e-mailed a
 * link to set a password); 2. packs and counts (search the catalogue, add, remove), or accept one
 * of their quotes; 3. the delivery address (theirs, or a new one with the postcode finder; PO boxes
 * and zones as at checkout) with what the order comes to there; 4. a note and how they pay: on
 * account (within the limit), awaiting a bank transfer, or a link e-mailed to pay by card.
 */
import { Form, Link, useNavigation } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { PHONE_ORDER_KEPT, phoneOrderChange, phoneOrderFormSchema, phoneOrderPage } from '~/server/admin/phone-order.server';
import { adminAction } from '~/server/admin/admin-page.server';
import { Cell, PageHead, Table, useAdminAnswer } from '~/components/admin/admin-kit';
import { parseLines, phoneOrderHref } from '~/components/admin/phone-order-steps';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { calendarDate } from '~/components/admin/admin-format';
import type { Route } from './+types/phone-order';

export const meta: Route.MetaFunction = () => [{ title: 'Take an order by phone - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'sales-desk');
  return phoneOrderPage(request, context);
}

export const action = adminAction({ permission: 'sales-desk', schema: phoneOrderFormSchema, keep: PHONE_ORDER_KEPT, run: phoneOrderChange });

function Step({ n, title, children, id }: { n: number; title: string; children: React.ReactNode; id: string }) {
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-stone-900">
        <span className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-xs text-white">{n}</span>
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

export default function PhoneOrder({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failedFor: problem, errorOf, valueOf } = useAdminAnswer(actionData);
  const customerId = d.customer?.userId ?? null;
  const lines = parseLines(d.linesText);
  return (
    <div className="space-y-5">
      <PageHead back={{ to: '/admin/quotes', label: 'Quotes' }} title="Take an order by phone">
        <p className="mt-1 text-sm text-stone-600">Prices, VAT and delivery are worked out as on the website. The order's timeline records that you took it by phone.</p>
      </PageHead>

      <Step n={1} title="Customer" id="step-customer">
        {d.customer ? (
          <div className="flex flex-wrap items-baseline justify-between gap-2" data-testid="phone-customer">
            <p>
              <span className="font-medium text-stone-900">{d.customer.name}</span>
              {d.customer.companyName ? `, ${d.customer.companyName}` : ''} · <span className="break-all">{d.customer.email}</span> · {d.customer.phone}
            </p>
            <Link to="/admin/phone-order" className="text-sm text-brand-700 hover:underline">
              Choose another customer
            </Link>
          </div>
        ) : (
          <>
            <Form method="get" role="search" className="flex max-w-lg gap-2">
              <label htmlFor="phone-q" className="sr-only">
                Find a customer
              </label>
              <input id="phone-q" name="q" type="search" defaultValue={d.q} placeholder="Name, e-mail, company, phone, postcode" className="form-input min-w-0 flex-1" />
              <button type="submit" className="btn-primary">
                Find
              </button>
            </Form>
            {d.q ? (
              d.customers.length === 0 ? (
                <p className="text-sm text-stone-600">No customer matches "{d.q}". Create them below.</p>
              ) : (
                <ul className="divide-y divide-stone-100 rounded-md border border-stone-200" data-testid="phone-customers">
                  {d.customers.map((c) => (
                    <li key={c.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span>
                        <span className="font-medium">{c.name}</span> {c.companyName ? `· ${c.companyName}` : ''} · <span className="break-all">{c.email}</span> · {c.phone}
                      </span>
                      <Link to={phoneOrderHref({ customer: c.userId })} className="btn-secondary px-3 py-1">
                        Choose
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
            <details className="rounded-md border border-stone-200 p-3" open={problem('create-customer') !== null}>
              <summary className="cursor-pointer text-sm font-medium text-brand-700">New customer</summary>
              <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="create-customer" />
                {problem('create-customer') ? (
                  <div className="sm:col-span-2">
                    <AdminMessage tone="error">{problem('create-customer')!.message}</AdminMessage>
                  </div>
                ) : null}
                <AdminField id="new-first" label="First name" name="firstName" required maxLength={50} defaultValue={valueOf('create-customer', 'firstName')} error={errorOf('create-customer', 'firstName')} />
                <AdminField id="new-last" label="Last name" name="lastName" required maxLength={50} defaultValue={valueOf('create-customer', 'lastName')} error={errorOf('create-customer', 'lastName')} />
                <AdminField id="new-email" label="E-mail" name="email" type="email" required maxLength={99} hint="They are e-mailed a link to set their password." defaultValue={valueOf('create-customer', 'email')} error={errorOf('create-customer', 'email')} />
                <AdminField id="new-phone" label="Phone" name="phone" required maxLength={14} defaultValue={valueOf('create-customer', 'phone')} error={errorOf('create-customer', 'phone')} />
                <div className="sm:col-span-2">
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Create the customer
                  </button>
                </div>
              </Form>
            </details>
          </>
        )}
      </Step>

      {d.customer && customerId !== null ? (
        <>
          <Step n={2} title="What they order" id="step-lines">
            {d.quotes.length > 0 ? (
              <div className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm" data-testid="phone-quotes">
                <p className="font-medium text-stone-900">Their quotes that may be accepted</p>
                {d.quotes.map((q) => (
                  <Form key={q.quoteId} method="post" className="mt-2 flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="accept-quote" />
                    <input type="hidden" name="customer" value={customerId} />
                    <input type="hidden" name="quote_id" value={q.quoteId} />
                    <span>
                      <Link to={`/admin/quotes/${q.quoteId}`} className="font-medium text-brand-700 hover:underline">
                        {q.number}
                      </Link>{' '}
                      {q.summary} · {q.subTotal} ex-VAT{q.validUntil ? ` · valid until ${calendarDate(q.validUntil)}` : ''}
                    </span>
                    <label className="sr-only" htmlFor={`quote-${q.quoteId}-address`}>
                      Deliver to
                    </label>
                    <select id={`quote-${q.quoteId}-address`} name="address_id" className="form-input" defaultValue={d.chosenAddressId ?? undefined}>
                      {d.customer!.addresses.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.label}
                        </option>
                      ))}
                    </select>
                    <label className="sr-only" htmlFor={`quote-${q.quoteId}-payment`}>
                      Payment
                    </label>
                    <select id={`quote-${q.quoteId}-payment`} name="payment" className="form-input">
                      <option value="bank">Bank transfer</option>
                      {d.tradeAccount ? <option value="account">On account</option> : null}
                    </select>
                    <button type="submit" className="btn-secondary px-3 py-1" disabled={busy || d.customer!.addresses.length === 0}>
                      Accept for them
                    </button>
                  </Form>
                ))}
                {problem('accept-quote') ? <AdminMessage tone="error">{problem('accept-quote')!.message}</AdminMessage> : null}
              </div>
            ) : null}
            <Form method="get" role="search" className="flex max-w-lg gap-2">
              <input type="hidden" name="customer" value={customerId} />
              {d.linesText ? <input type="hidden" name="lines" value={d.linesText} /> : null}
              <label htmlFor="phone-find" className="sr-only">
                Find a product
              </label>
              <input id="phone-find" name="find" type="search" defaultValue={d.find} placeholder="Product name or code" className="form-input min-w-0 flex-1" />
              <button type="submit" className="btn-secondary">
                Find products
              </button>
            </Form>
            {d.found.length > 0 ? (
              <ul className="space-y-2" data-testid="phone-found">
                {d.found.map((p) => (
                  <li key={p.productId} className="rounded-md border border-stone-200 p-3 text-sm">
                    <p className="font-medium text-stone-900">{p.name}</p>
                    {p.packs.map((pack) => (
                      <Form key={pack.productPriceId} method="get" className="mt-2 flex flex-wrap items-center gap-2">
                        <input type="hidden" name="customer" value={customerId} />
                        {d.linesText ? <input type="hidden" name="lines" value={d.linesText} /> : null}
                        <input type="hidden" name="add" value={pack.productPriceId} />
                        <span className="min-w-48">
                          {pack.label} · {pack.price} ex-VAT a pack
                        </span>
                        <label htmlFor={`count-${pack.productPriceId}`} className="sr-only">
                          Packs of {p.name} {pack.label}
                        </label>
                        <input id={`count-${pack.productPriceId}`} name="count" type="number" min={1} max={1000} defaultValue={1} className="form-input w-20" />
                        <button type="submit" className="btn-secondary px-3 py-1">
                          Add
                        </button>
                      </Form>
                    ))}
                  </li>
                ))}
              </ul>
            ) : d.find ? (
              <p className="text-sm text-stone-600">No product matches "{d.find}".</p>
            ) : null}
            {d.linesProblem ? <AdminMessage tone="error">{d.linesProblem}</AdminMessage> : null}
            {d.lines.length > 0 ? (
              <Table
                testId="phone-lines"
                columns={['Item', { label: 'Packs', right: true }, { label: 'Pack price', right: true }, { label: 'Total ex-VAT', right: true }, { label: <span className="sr-only">Remove</span>, key: 'remove' }]}
                items={d.lines}
                row={(l) => (
                  <tr key={l.productPriceId}>
                    <Cell>
                      {l.name} {l.size1} <span className="text-stone-500">(pack of {l.qty})</span>
                    </Cell>
                    <Cell right>{l.count}</Cell>
                    <Cell right>{l.packPrice}</Cell>
                    <Cell right>{l.lineTotal}</Cell>
                    <Cell className="text-right">
                      <Link to={phoneOrderHref({ customer: customerId, lines: lines.filter((x) => x.productPriceId !== l.productPriceId), find: d.find })} className="text-brand-700 hover:underline">
                        Remove
                      </Link>
                    </Cell>
                  </tr>
                )}
              />
            ) : (
              <p className="text-sm text-stone-600">No products yet: find them above and add packs.</p>
            )}
          </Step>

          <Step n={3} title="Deliver to" id="step-address">
            {d.customer.addresses.length === 0 ? <p className="text-sm text-stone-700">The customer has no address yet: add one below.</p> : null}
            <details className="rounded-md border border-stone-200 p-3" open={d.customer.addresses.length === 0 || problem('add-address') !== null || d.postcode !== ''}>
              <summary className="cursor-pointer text-sm font-medium text-brand-700">Add an address</summary>
              <Form method="get" className="mt-3 flex max-w-md gap-2">
                <input type="hidden" name="customer" value={customerId} />
                {d.linesText ? <input type="hidden" name="lines" value={d.linesText} /> : null}
                <label htmlFor="phone-postcode" className="sr-only">
                  Find the address by postcode
                </label>
                <input id="phone-postcode" name="postcode" defaultValue={d.postcode} placeholder="Postcode" className="form-input min-w-0 flex-1" />
                <button type="submit" className="btn-secondary">
                  Find the address
                </button>
              </Form>
              {d.postcodeResult && !d.postcodeResult.ok ? <AdminMessage tone="error">{d.postcodeResult.message}</AdminMessage> : null}
              {problem('add-address') ? <AdminMessage tone="error">{problem('add-address')!.message}</AdminMessage> : null}
              {d.postcodeResult?.ok
                ? d.postcodeResult.entries.map((e, i) => (
                    <Form key={i} method="post" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                      <input type="hidden" name="intent" value="add-address" />
                      <input type="hidden" name="customer" value={customerId} />
                      <input type="hidden" name="lines" value={d.linesText} />
                      <input type="hidden" name="reference" value={e.line.slice(0, 100)} />
                      <input type="hidden" name="contact_name" value={d.customer!.name.slice(0, 100)} />
                      <input type="hidden" name="region" value={e.region} />
                      <input type="hidden" name="address" value={e.address} />
                      <input type="hidden" name="town" value={e.town} />
                      <input type="hidden" name="post_code" value={e.postCode} />
                      <input type="hidden" name="phone" value={d.customer!.phone} />
                      <span>{e.line}</span>
                      <button type="submit" className="btn-secondary px-3 py-1" disabled={busy}>
                        Use this address
                      </button>
                    </Form>
                  ))
                : null}
              <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="add-address" />
                <input type="hidden" name="customer" value={customerId} />
                <input type="hidden" name="lines" value={d.linesText} />
                <AdminField id="addr-reference" label="Name for the address" name="reference" required maxLength={100} defaultValue={valueOf('add-address', 'reference')} error={errorOf('add-address', 'reference')} />
                <AdminField id="addr-contact" label="Contact name" name="contact_name" required maxLength={100} defaultValue={valueOf('add-address', 'contact_name') ?? d.customer.name} error={errorOf('add-address', 'contact_name')} />
                <AdminField id="addr-region" label="House number or name" name="region" required maxLength={50} defaultValue={valueOf('add-address', 'region')} error={errorOf('add-address', 'region')} />
                <AdminField id="addr-street" label="Street" name="address" required maxLength={500} defaultValue={valueOf('add-address', 'address')} error={errorOf('add-address', 'address')} />
                <AdminField id="addr-town" label="Town" name="town" required maxLength={50} defaultValue={valueOf('add-address', 'town')} error={errorOf('add-address', 'town')} />
                <AdminField id="addr-postcode" label="Postcode" name="post_code" required maxLength={100} defaultValue={valueOf('add-address', 'post_code')} error={errorOf('add-address', 'post_code')} />
                <AdminField id="addr-phone" label="Phone" name="phone" required maxLength={15} defaultValue={valueOf('add-address', 'phone') ?? d.customer.phone} error={errorOf('add-address', 'phone')} />
                <div className="self-end">
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Save the address
                  </button>
                </div>
              </Form>
            </details>
          </Step>

          <Step n={4} title="Place the order" id="step-place">
            <Form method="post" className="space-y-4" data-testid="phone-place-form">
              <input type="hidden" name="intent" value="place" />
              <input type="hidden" name="customer" value={customerId} />
              <input type="hidden" name="lines" value={d.linesText} />
              <input type="hidden" name="formKey" value={d.formKey} />
              {problem('place') ? <AdminMessage tone="error" testId="phone-place-error">{problem('place')!.message}</AdminMessage> : null}
              {d.totalsProblem ? <AdminMessage tone="error">{d.totalsProblem}</AdminMessage> : null}
              <fieldset>
                <legend className="form-label">Delivery address and what the order comes to there</legend>
                {d.customer.addresses.map((a) => (
                  <label key={a.id} className="mt-1 flex items-start gap-2 text-sm text-stone-800">
                    <input type="radio" name="address_id" value={a.id} defaultChecked={a.id === d.chosenAddressId} className="mt-1" />
                    <span>
                      {a.label}
                      {a.total ? <span className="block text-stone-600 tabular-nums">{a.total}</span> : null}
                    </span>
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend className="form-label">How they pay</legend>
                <label className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                  <input type="radio" name="payment" value="account" defaultChecked={d.tradeAccount !== null} disabled={d.tradeAccount === null} /> On account
                  {d.tradeAccount ? ` (${d.tradeAccount.available} available of ${d.tradeAccount.limit})` : ' (no trade account)'}
                </label>
                <label className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                  <input type="radio" name="payment" value="bank" defaultChecked={d.tradeAccount === null} /> Bank transfer: they are e-mailed the reference; we dispatch when it arrives
                </label>
                <label className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                  <input type="radio" name="payment" value="card-link" /> E-mail them a link to pay by card (the order is placed when they pay)
                </label>
              </fieldset>
              <AdminField id="phone-note" label="Delivery note (optional, up to 50 characters)" name="note" maxLength={50} />
              <button type="submit" className="btn-primary" disabled={busy || lines.length === 0 || d.customer.addresses.length === 0}>
                Place the order
              </button>
            </Form>
          </Step>
        </>
      ) : null}
    </div>
  );
}
