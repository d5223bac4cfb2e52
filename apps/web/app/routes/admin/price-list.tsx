/**
 * One price list ('price-lists:manage': owner, manager): its name, its prices (a fixed price for
 * a size's pack, or a percentage off a size or a category), the customers on it, and its CSV:
 * download, or upload a changed file, see the dry run (prices to add, change, remove, every error
 * with its row) and apply it in one go. Every form is a plain POST that works without JavaScript;
 * a saved change comes back here with a notice (post/redirect/get). Every change is audited.
 */
import { data, Form, Link } from 'react-router';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { importRefusal } from '~/server/admin/import-pipeline.server';
import {
  categoryPathsOf,
  PRICE_LIST_EVENT_LABELS,
  PRICE_LIST_FORM_FIELDS,
  PRICE_LIST_IMPORT_LISTED,
  priceListFormSchema,
  priceListImport,
  type PriceListImportReport,
} from '~/server/admin/price-lists.server';
import { IMPORT_MAX_MEGABYTES } from '~/server/admin/catalogue.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Cell, RowButton, Table, useAdminAnswer } from '~/components/admin/admin-kit';
import { PriceListImportReportView as Report, type ReportView } from '~/components/admin/price-list-import-report';
import { AuditTrail } from '~/components/admin/audit-trail';
import type { Route } from './+types/price-list';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? loaded.list.name : 'Price list'} - Price lists - Back office` }];

const NOTICES: Record<string, string> = {
  renamed: 'The name is saved.',
  saved: 'The price is saved. Customers on this list see it at once.',
  removed: 'The price is removed: customers on this list pay the normal price for it again.',
  assigned: 'The customer is on this list: they see its prices when signed in.',
  unassigned: 'The customer is off this list.',
};

const NO_SUCH_LIST = 'No such price list.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, 'price-lists:manage');
  const priceListId = recordIdOf(params.priceListId, NO_SUCH_LIST);
  const [list, history, tree] = await Promise.all([
    foundOr404(context.services.priceLists.detail(priceListId), NO_SUCH_LIST),
    context.services.priceLists.history(priceListId),
    context.services.catalogueAdmin.categories.tree(),
  ]);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data(
    {
      list: {
        priceListId: list.priceListId,
        name: list.name,
        entries: list.entries.map((e) => ({ priceListEntryId: e.priceListEntryId, what: e.what, productName: e.productName, rule: e.ruleText, kind: e.target.kind })),
        customers: list.customers,
      },
      history: history.map((event) => ({
        at: event.at,
        who: event.staffName ?? 'Outside the back office',
        what: [PRICE_LIST_EVENT_LABELS[event.kind] ?? event.kind, ...Object.entries(event.after ?? {}).map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)].join(' · '),
      })),
      categoryPaths: categoryPathsOf(tree),
      maxMegabytes: IMPORT_MAX_MEGABYTES,
      notice,
    },
    { headers },
  );
}


function view(report: PriceListImportReport): ReportView {
  const listed = <T,>(lines: T[]) => lines.slice(0, PRICE_LIST_IMPORT_LISTED);
  return {
    rows: report.rows,
    adds: listed(report.adds),
    changes: listed(report.changes),
    removals: listed(report.removals),
    errors: listed(report.errors),
    counts: { adds: report.adds.length, changes: report.changes.length, removals: report.removals.length, unchanged: report.unchanged, errors: report.errors.length },
  };
}

export const action = adminAction({
  permission: 'price-lists:manage',
  record: { param: 'priceListId', notFound: NO_SUCH_LIST },
  schema: priceListFormSchema,
  keep: PRICE_LIST_FORM_FIELDS,
  keepMax: 400,
  async run({ value: change, staff, id: priceListId, context }) {
    const lists = context.services.priceLists;
    switch (change.intent) {
      case 'rename':
        await lists.rename(staff.staffId, priceListId, change.name);
        return 'renamed';
      case 'save-entry': {
        const { intent: _intent, ...cells } = change;
        await lists.saveEntry(staff.staffId, priceListId, cells);
        return 'saved';
      }
      case 'remove-entry':
        await lists.removeEntry(staff.staffId, priceListId, change.entry_id);
        return 'removed';
      case 'assign':
        await lists.assign(staff.staffId, priceListId, change.email);
        return 'assigned';
      case 'unassign':
        await lists.unassign(staff.staffId, priceListId, change.user_id);
        return 'unassigned';
      case 'dry-run': {
        const { fileName, report, payload, digest } = await priceListImport(context, staff.staffId, priceListId).check(change.csv);
        return data({ ok: true as const, step: 'dry-run' as const, fileName, report: view(report), payload, digest });
      }
      case 'apply':
        try {
          const { fileName, applied } = await priceListImport(context, staff.staffId, priceListId).apply(change, undefined);
          return data({ ok: true as const, step: 'applied' as const, fileName, report: view(applied) });
        } catch (error) {
          return importRefusal(error, 'apply', view);
        }
    }
  },
});

export default function PriceListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, history, categoryPaths, maxMegabytes, notice } = loaderData;
  const answer = actionData?.ok ? actionData : undefined;
  const { failed, failedFor: failedOn } = useAdminAnswer(actionData);
  const here = `/admin/price-lists/${list.priceListId}`;
  const entryFailed = failedOn('save-entry');
  const importAnswer = answer ?? (failed && (failed.intent === 'dry-run' || failed.intent === 'apply') ? failed : undefined);
  const generalFailure = failed && !['save-entry', 'rename', 'assign', 'dry-run', 'apply'].includes(failed.intent) ? failed : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/admin/price-lists" className="text-brand-700 hover:underline">
              Price lists
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{list.name}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {list.entries.length} {list.entries.length === 1 ? 'price' : 'prices'} · {list.customers.length} {list.customers.length === 1 ? 'customer' : 'customers'}
          </p>
        </div>
        <a href={`${here}/export.csv`} className="btn-secondary" data-testid="price-list-export">
          Download CSV
        </a>
      </div>

      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}
      {generalFailure && <AdminMessage tone="error">{generalFailure.message}</AdminMessage>}

      <section className="card overflow-x-auto" aria-labelledby="prices-heading">
        <h2 id="prices-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          Prices
        </h2>
        <p className="px-5 text-sm text-stone-600">Prices are ex-VAT. A customer on several lists, or with two prices for one pack, pays the lowest; never more than the normal price.</p>
        <Table
          className="mt-2"
          testId="price-list-entries"
          columns={['Price for', 'Price', { label: <span className="sr-only">Remove</span>, key: 'remove' }]}
          items={list.entries}
          empty="No prices yet: add one below, or import a CSV."
          emptyAs="text"
          row={(entry) => (
            <tr key={entry.priceListEntryId}>
              <Cell className="break-words">
                {entry.what}
                {entry.productName ? <span className="block text-xs text-stone-600">{entry.productName}</span> : null}
              </Cell>
              <Cell nowrap className="tabular-nums">
                {entry.rule}
              </Cell>
              <Cell className="text-right">
                <RowButton action={here} intent="remove-entry" fields={{ entry_id: entry.priceListEntryId }} label="Remove" ariaLabel={`Remove the price for ${entry.what}`} />
              </Cell>
            </tr>
          )}
        />
        <div className="border-t border-stone-200 p-5">
          <h3 className="text-base font-semibold text-stone-900">Add or change a price</h3>
          <p className="mt-1 text-sm text-stone-600">
            For a product size, give its product code and size as the catalogue shows them; then either a fixed price for one of its packs (with the pack&apos;s units)
            or a percentage off all its packs. For a whole category (and the categories inside it), choose it and give a percentage off. A price for the same
            thing replaces the one there.
          </p>
          {entryFailed && <AdminMessage tone="error">{entryFailed.message}</AdminMessage>}
          <Form key={history.length} method="post" action={here} className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="price-list-entry-form">
            <input type="hidden" name="intent" value="save-entry" />
            <AdminField id="entry-code" name="product_code" label="Product code" defaultValue={entryFailed?.values.product_code ?? ''} error={entryFailed?.fields.product_code} />
            <AdminField id="entry-size" name="size1" label="Size" hint='As the catalogue shows it, e.g. 12x9x6"' defaultValue={entryFailed?.values.size1 ?? ''} error={entryFailed?.fields.size1} />
            <AdminField
              id="entry-pack"
              name="pack_quantity"
              label="Pack of (units)"
              inputMode="numeric"
              hint="For a fixed price only"
              defaultValue={entryFailed?.values.pack_quantity ?? ''}
              error={entryFailed?.fields.pack_quantity}
            />
            <div>
              <label htmlFor="entry-category" className="form-label">
                Or a category
              </label>
              <select id="entry-category" name="category" className="form-input" defaultValue={entryFailed?.values.category ?? ''} aria-invalid={entryFailed?.fields.category ? true : undefined}>
                <option value="">(none: a product size)</option>
                {categoryPaths.map((path) => (
                  <option key={path} value={path}>
                    {path}
                  </option>
                ))}
              </select>
              {entryFailed?.fields.category && <p className="field-error">{entryFailed.fields.category}</p>}
            </div>
            <AdminField
              id="entry-price"
              name="price_ex_vat"
              label="Fixed pack price (£ ex-VAT)"
              inputMode="decimal"
              defaultValue={entryFailed?.values.price_ex_vat ?? ''}
              error={entryFailed?.fields.price_ex_vat}
            />
            <AdminField
              id="entry-percent"
              name="percent_off"
              label="Or percentage off (%)"
              inputMode="decimal"
              defaultValue={entryFailed?.values.percent_off ?? ''}
              error={entryFailed?.fields.percent_off}
            />
            <div className="sm:col-span-3">
              <button type="submit" className="btn-primary">
                Save price
              </button>
            </div>
          </Form>
        </div>
      </section>

      <section className="card overflow-x-auto" aria-labelledby="customers-heading">
        <h2 id="customers-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          Customers on this list
        </h2>
        <Table
          className="mt-2"
          testId="price-list-customers"
          columns={['Customer', 'E-mail', { label: <span className="sr-only">Remove</span>, key: 'remove' }]}
          items={list.customers}
          empty="No customers yet: they pay the normal prices until you add them."
          emptyAs="text"
          row={(customer) => (
            <tr key={customer.userId}>
              <Cell>
                <Link to={`/admin/customers/${customer.userId}`} className="font-medium text-brand-700 hover:underline">
                  {customer.name}
                </Link>
                {customer.companyName ? <span className="block text-xs text-stone-600">{customer.companyName}</span> : null}
              </Cell>
              <Cell className="break-all">{customer.email}</Cell>
              <Cell className="text-right">
                <RowButton action={here} intent="unassign" fields={{ user_id: customer.userId }} label="Remove" ariaLabel={`Remove ${customer.name} from this list`} />
              </Cell>
            </tr>
          )}
        />
        <Form key={history.length} method="post" action={here} className="flex flex-wrap items-end gap-3 border-t border-stone-200 p-5">
          <input type="hidden" name="intent" value="assign" />
          <div className="min-w-0 flex-1 sm:max-w-md">
            <AdminField
              id="assign-email"
              name="email"
              type="email"
              label="Add a customer by e-mail address"
              required
              defaultValue={failedOn('assign')?.values.email ?? ''}
              error={failedOn('assign')?.fields.email ?? failedOn('assign')?.message}
            />
          </div>
          <button type="submit" className="btn-primary">
            Add customer
          </button>
        </Form>
      </section>

      <section className="card space-y-4 p-5" aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold text-stone-900">
          Import a CSV
        </h2>
        <p className="text-sm text-stone-600">
          Download the CSV, change it in your spreadsheet, save it as &ldquo;CSV UTF-8&rdquo; and check it here. The file becomes this list&apos;s prices: a price left out
          of the file is removed. Nothing changes until you apply the dry run. The columns are described in the shop&apos;s docs/price-lists.md.
        </p>
        <Form method="post" action={here} encType="multipart/form-data" className="flex flex-wrap items-end gap-3" data-testid="price-list-import-upload">
          <input type="hidden" name="intent" value="dry-run" />
          <div className="min-w-0 flex-1">
            <label htmlFor="price-list-csv" className="form-label">
              CSV file (up to {maxMegabytes} MB)
            </label>
            <input id="price-list-csv" name="csv" type="file" accept=".csv,text/csv" required className="block w-full text-sm" />
          </div>
          <button type="submit" className="btn-primary">
            Check (dry run)
          </button>
        </Form>
        {importAnswer && !importAnswer.ok && (
          <>
            <AdminMessage tone="error" testId="price-list-import-refused">
              {importAnswer.message}
            </AdminMessage>
            {'report' in importAnswer && importAnswer.report ? <Report report={importAnswer.report as ReportView} /> : null}
          </>
        )}
        {importAnswer?.ok && importAnswer.step === 'applied' && (
          <>
            <AdminMessage tone="success" testId="price-list-import-applied">
              Applied {importAnswer.fileName ? `"${importAnswer.fileName}"` : 'the file'}: {importAnswer.report.counts.adds} added, {importAnswer.report.counts.changes} changed,{' '}
              {importAnswer.report.counts.removals} removed, {importAnswer.report.counts.unchanged} unchanged.
            </AdminMessage>
            <Report report={importAnswer.report} />
          </>
        )}
        {importAnswer?.ok && importAnswer.step === 'dry-run' && (
          <section className="space-y-4" aria-labelledby="dry-run-heading">
            <h3 id="dry-run-heading" className="text-base font-semibold text-stone-900">
              Dry run of {importAnswer.fileName ? `"${importAnswer.fileName}"` : 'the file'}: {importAnswer.report.rows} {importAnswer.report.rows === 1 ? 'row' : 'rows'}
            </h3>
            <Report report={importAnswer.report} />
            {importAnswer.payload ? (
              <Form method="post" action={here} encType="multipart/form-data" className="flex flex-wrap items-center gap-3" data-testid="price-list-import-apply">
                <input type="hidden" name="payload" value={importAnswer.payload} />
                <input type="hidden" name="digest" value={importAnswer.digest} />
                <p className="flex-1 text-sm text-stone-700">Apply makes the file this list&apos;s prices in one go: all of it or, if anything fails, none of it.</p>
                <button type="submit" name="intent" value="apply" className="btn-primary">
                  Apply import
                </button>
              </Form>
            ) : importAnswer.report.counts.errors === 0 ? (
              <AdminMessage tone="info">Nothing to apply: the file matches the list.</AdminMessage>
            ) : null}
          </section>
        )}
      </section>

      <section className="card p-5" aria-labelledby="rename-heading">
        <h2 id="rename-heading" className="text-lg font-semibold text-stone-900">
          Name
        </h2>
        {failedOn('rename') && !failedOn('rename')?.fields.name && <AdminMessage tone="error">{failedOn('rename')!.message}</AdminMessage>}
        <Form method="post" action={here} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="rename" />
          <div className="min-w-0 flex-1 sm:max-w-md">
            <AdminField id="rename-name" name="name" label="Name" required maxLength={100} defaultValue={failedOn('rename')?.values.name ?? list.name} error={failedOn('rename')?.fields.name} />
          </div>
          <button type="submit" className="btn-secondary">
            Rename
          </button>
        </Form>
      </section>

      <AuditTrail id="price-list-history" title="History" description="Every change to this list, newest first." entries={history} empty="No changes yet." testId="price-list-history" />
    </div>
  );
}
