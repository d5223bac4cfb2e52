/**
 * Goods in ('stock:receive'): a delivery from a supplier, received by the warehouse. The
 * supplier's reference (from their delivery note), a note, and rows of a size and the units
 * received; each size is typed or picked from the list (product code, name and size: a native
 * datalist, so it works without JavaScript). Empty rows are ignored. On receipt the units go on
 * hand at once, each line audited with the delivery and who received it; the latest deliveries
 * are listed below.
 */
import { Form } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice } from '~/server/admin/admin-notice.server';
import { adminAction, FormRefusal, renamedRefusal } from '~/server/admin/admin-page.server';
import { GOODS_IN_ROWS, goodsInLines, goodsInSchema } from '~/server/admin/stock.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Cell, ListTable, PageHead, useAdminAnswer } from '~/components/admin/admin-kit';
import { londonDateTime } from '~/components/admin/admin-format';
import type { Route } from './+types/stock-goods-in';

export const meta: Route.MetaFunction = () => [{ title: 'Goods in - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'stock:receive');
  const [choices, deliveries] = await Promise.all([context.services.stock.sizeChoices(staff), context.services.stock.recentDeliveries(staff)]);
  return { rowCount: GOODS_IN_ROWS, choices: choices.map((c) => c.label), deliveries: deliveries.map((d) => ({ ...d, receivedAt: d.receivedAt.toISOString() })) };
}

export const action = adminAction({
  permission: 'stock:receive',
  schema: goodsInSchema,
  keep: ['supplierReference', 'note', 'lines[*].size', 'lines[*].units'],
  keepMax: 300,
  async run({ value, staff, context }) {
    const { lines, rows, fields } = goodsInLines(value, await context.services.stock.sizeChoices(staff));
    if (Object.keys(fields).length > 0) throw new FormRefusal(Object.values(fields)[0]!, fields);
    try {
      await context.services.stock.receiveGoods(staff, { supplierReference: value.supplierReference, note: value.note, lines });
    } catch (error) {
      // Core names lines by their place among the rows filled in; the page by its row.
      throw renamedRefusal(error, (name) => name.replace(/^lines\.(\d+)\.(\w+)$/, (_, line: string, field: string) => `lines[${rows[Number(line)]}].${field}`));
    }
    return redirectWithNotice('/admin/stock', 'received', context);
  },
});

export default function GoodsIn({ loaderData, actionData }: Route.ComponentProps) {
  const { rowCount, choices, deliveries } = loaderData;
  const answer = useAdminAnswer(actionData).failed;
  const v = (name: string) => answer?.values[name] ?? '';
  return (
    <div className="space-y-5">
      <PageHead back={{ to: '/admin/stock', label: '← Low stock' }} title="Goods in">
        <p className="text-sm text-stone-600">Record a delivery from a supplier. The units received go on hand at once. Leave rows you do not need empty.</p>
      </PageHead>
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
            error={answer?.fields?.supplierReference}
          />
          <AdminField id="note" name="note" label="Note (optional)" maxLength={500} defaultValue={v('note')} error={answer?.fields?.note} />
        </section>
        <section className="card p-5" aria-labelledby="lines-heading">
          <h2 id="lines-heading" className="text-lg font-semibold text-stone-900">
            What arrived
          </h2>
          <p className="mb-3 text-sm text-stone-600">Type the product code or name and pick the size from the list; then the units counted off the pallet (not packs).</p>
          {answer?.fields?.lines && <p className="field-error">{answer.fields?.lines}</p>}
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
                const sizeError = answer?.fields?.[`lines[${row}].size`];
                const unitsError = answer?.fields?.[`lines[${row}].units`];
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

      <ListTable
        id="deliveries-heading"
        title="Latest deliveries"
        titleShown
        testId="deliveries"
        columns={['Received', 'Supplier reference', 'By', { label: 'Lines', right: true }, { label: 'Units', right: true }]}
        items={deliveries}
        empty="No delivery received yet."
        emptyAs="text"
        row={(d) => (
          <tr key={d.deliveryId}>
            <Cell nowrap>{londonDateTime(d.receivedAt)}</Cell>
            <Cell>{d.supplierReference}</Cell>
            <Cell>{d.staffName ?? '-'}</Cell>
            <Cell right>{d.lines}</Cell>
            <Cell right>{d.units}</Cell>
          </tr>
        )}
      />
    </div>
  );
}
