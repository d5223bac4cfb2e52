/**
 * Goods in ('stock:receive'): a delivery from a supplier, received by the warehouse. The
 * supplier's reference (from their delivery note), a note, and rows of a size and the units
 * received; each size is typed or picked from the list (product code, name and size: a native
 * datalist, so it works without JavaScript). Empty rows are ignored. On receipt the units go on
 * hand at once, each line audited with the delivery and who received it; the latest deliveries
 * are listed below.
 */
import { data, Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice } from '~/server/admin/admin-notice.server';
import { adminFailureOf } from '~/server/admin/admin-forms.server';
import { parseForm, postedForm } from '~/server/forms.server';
import { GOODS_IN_ROWS, goodsInLines, goodsInSchema } from '~/server/admin/stock.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { londonDateTime } from '~/components/admin/admin-format';
import type { Route } from './+types/stock-goods-in';

export const meta: Route.MetaFunction = () => [{ title: 'Goods in - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'stock:receive');
  const [choices, deliveries] = await Promise.all([context.services.stock.sizeChoices(staff), context.services.stock.recentDeliveries(staff)]);
  return { rowCount: GOODS_IN_ROWS, choices: choices.map((c) => c.label), deliveries: deliveries.map((d) => ({ ...d, receivedAt: d.receivedAt.toISOString() })) };
}

type Answer = { message: string; fields: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'stock:receive');
  const posted = await postedForm(request, context);
  const values: Record<string, string> = {};
  for (const [name, value] of posted.entries()) if (typeof value === 'string') values[name] = value.slice(0, 300);
  const refused = (message: string, fields: Record<string, string>, status = 400) => data<Answer>({ message, fields, values }, { status });
  const form = parseForm(posted, goodsInSchema);
  if (!form.ok) return refused(form.problems.message, form.problems.fields, form.problems.status);
  const { lines, rows, fields } = goodsInLines(form.value, await context.services.stock.sizeChoices(staff));
  if (Object.keys(fields).length > 0) return refused(Object.values(fields)[0]!, fields);
  try {
    await context.services.stock.receiveGoods(staff, { supplierReference: form.value.supplierReference, note: form.value.note, lines });
  } catch (error) {
    const problems = adminFailureOf(error);
    // Core names lines by their place among the rows filled in; the page by its row.
    const mapped: Record<string, string> = {};
    for (const [name, message] of Object.entries(problems.fields)) {
      const line = /^lines\.(\d+)\.(\w+)$/.exec(name);
      mapped[line ? `lines[${rows[Number(line[1])]}].${line[2]}` : name] = message;
    }
    return refused(problems.message, mapped, problems.status);
  }
  return redirectWithNotice('/admin/stock', 'received', context);
}

export default function GoodsIn({ loaderData, actionData }: Route.ComponentProps) {
  const { rowCount, choices, deliveries } = loaderData;
  const answer = actionData as Answer | undefined;
  const v = (name: string) => answer?.values[name] ?? '';
  return (
    <div className="space-y-5">
      <div>
        <Link to="/admin/stock" className="text-sm text-brand-700 hover:underline">
          ← Low stock
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">Goods in</h1>
        <p className="text-sm text-stone-600">Record a delivery from a supplier. The units received go on hand at once. Leave rows you do not need empty.</p>
      </div>
      {answer && (
        <AdminMessage tone="error" testId="goods-in-error">
          {answer.message}
        </AdminMessage>
      )}
      <Form method="post" className="space-y-5" data-testid="goods-in-form">
        <section className="card grid gap-4 p-5 md:grid-cols-2" aria-label="Delivery">
          <AdminField
            id="supplierReference"
            name="supplierReference"
            label="Supplier's delivery reference"
            required
            maxLength={100}
            hint="As on the delivery note, e.g. DN-4471."
            defaultValue={v('supplierReference')}
            error={answer?.fields.supplierReference}
          />
          <AdminField id="note" name="note" label="Note (optional)" maxLength={500} defaultValue={v('note')} error={answer?.fields.note} />
        </section>
        <section className="card p-5" aria-labelledby="lines-heading">
          <h2 id="lines-heading" className="text-lg font-semibold text-stone-900">
            What arrived
          </h2>
          <p className="mb-3 text-sm text-stone-600">Type the product code or name and pick the size from the list; then the units counted off the pallet (not packs).</p>
          {answer?.fields.lines && <p className="field-error">{answer.fields.lines}</p>}
          <datalist id="size-choices">
            {choices.map((label) => (
              <option key={label} value={label} />
            ))}
          </datalist>
          <table className="w-full text-left text-sm">
            <thead className="text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Size
                </th>
                <th scope="col" className="w-32 py-1 font-medium">
                  Units
                </th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rowCount }, (_, row) => {
                const sizeError = answer?.fields[`lines[${row}].size`];
                const unitsError = answer?.fields[`lines[${row}].units`];
                return (
                  <tr key={row} data-testid={`goods-in-row-${row}`}>
                    <td className="py-1 pr-2 align-top">
                      <input
                        name={`lines[${row}].size`}
                        list="size-choices"
                        aria-label={`Size of line ${row + 1}`}
                        className="form-input"
                        placeholder={row === 0 ? 'e.g. P000012 Single Wall Box — 12x9x6"' : ''}
                        defaultValue={v(`lines[${row}].size`)}
                        aria-invalid={sizeError ? true : undefined}
                      />
                      {sizeError && <p className="field-error">{sizeError}</p>}
                    </td>
                    <td className="py-1 align-top">
                      <input
                        name={`lines[${row}].units`}
                        aria-label={`Units of line ${row + 1}`}
                        className="form-input"
                        inputMode="numeric"
                        defaultValue={v(`lines[${row}].units`)}
                        aria-invalid={unitsError ? true : undefined}
                      />
                      {unitsError && <p className="field-error">{unitsError}</p>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <button type="submit" className="btn-primary">
          Receive the delivery
        </button>
      </Form>

      <section className="card overflow-x-auto" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          Latest deliveries
        </h2>
        {deliveries.length === 0 ? (
          <p className="px-5 pt-1 pb-4 text-sm text-stone-600">No delivery received yet.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm" data-testid="deliveries">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2.5">Received</th>
                <th scope="col" className="px-4 py-2.5">Supplier reference</th>
                <th scope="col" className="px-4 py-2.5">By</th>
                <th scope="col" className="px-4 py-2.5 text-right">Lines</th>
                <th scope="col" className="px-4 py-2.5 text-right">Units</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {deliveries.map((d) => (
                <tr key={d.deliveryId}>
                  <td className="px-4 py-2.5 whitespace-nowrap">{londonDateTime(d.receivedAt)}</td>
                  <td className="px-4 py-2.5">{d.supplierReference}</td>
                  <td className="px-4 py-2.5">{d.staffName ?? '-'}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{d.lines}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{d.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
