/** The product editor's parts (routes/admin/catalogue-product.tsx): its sizes and packs table, and its stock settings. */
import { Form, Link } from 'react-router';
import { AdminMessage } from './admin-frame';
import type { Answer, CatalogueProductData, StockAnswer } from '~/routes/admin/catalogue-product';

/** Blank pack rows offered under a size's packs. */
export const BLANK_PACKS = 2;

type Loaded = CatalogueProductData;
type Stock = NonNullable<Loaded['stock']>;

const STATE_TONES: Record<string, string> = {
  in_stock: 'bg-emerald-100 text-emerald-900',
  low: 'bg-amber-100 text-amber-900',
  out: 'bg-red-100 text-red-800',
  backorder: 'bg-brand-50 text-brand-800',
  untracked: 'bg-stone-100 text-stone-700',
};

export function StockSection({ stock, answer }: { stock: Stock; answer: StockAnswer | undefined }) {
  const v = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  return (
    <section className="card p-5" aria-labelledby="stock-heading" id="stock" data-testid="product-stock">
      <h2 id="stock-heading" className="text-lg font-semibold text-stone-900">
        Stock
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        In units (a pack of 25 is 25 units). Available = on hand − allocated to open orders. On hand changes by{' '}
        <Link to="/admin/stock/goods-in" className="text-brand-700 underline">
          goods in
        </Link>{' '}
        or a count (the Count link). A size not tracked is sold without limit and shows no stock on the shop.
      </p>
      {answer && (
        <AdminMessage tone="error" testId="stock-error">
          {answer.message}
        </AdminMessage>
      )}
      <Form method="post" className="space-y-4" data-testid="stock-form">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">Size</th>
                <th scope="col" className="py-2 pr-3 text-right">On hand</th>
                <th scope="col" className="py-2 pr-3 text-right">Allocated</th>
                <th scope="col" className="py-2 pr-3 text-right">Available</th>
                <th scope="col" className="py-2 pr-3">The shop shows</th>
                <th scope="col" className="py-2 pr-3">Low below (units)</th>
                <th scope="col" className="py-2 pr-3">Shelf</th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Count</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {stock.sizes.map((size) => {
                const name = `threshold.s${size.productSizeId}`;
                return (
                  <tr key={size.productSizeId} data-testid={`stock-size-${size.productSizeId}`}>
                    <td className="py-2 pr-3">
                      {size.size1}
                      <span className="block text-xs text-stone-500">smallest pack {size.packUnits}</span>
                    </td>
                    {size.tracked ? (
                      <>
                        <td className="py-2 pr-3 text-right tabular-nums">{size.onHand}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{size.allocated}</td>
                        <td className={`py-2 pr-3 text-right font-semibold tabular-nums ${size.available <= 0 ? 'text-red-800' : ''}`}>{size.available}</td>
                      </>
                    ) : (
                      <td colSpan={3} className="py-2 pr-3 text-stone-600">
                        Not tracked
                      </td>
                    )}
                    <td className="py-2 pr-3">
                      <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_TONES[size.status.state] ?? ''}`}>{size.status.label || 'No stock shown'}</span>
                    </td>
                    <td className="py-2 pr-3">
                      {size.tracked ? (
                        <>
                          <input
                            name={name}
                            aria-label={`Low-stock threshold of ${size.size1}, in units`}
                            className="form-input w-28"
                            inputMode="numeric"
                            defaultValue={v(name, String(size.lowThreshold))}
                            aria-invalid={answer?.fields[name] ? true : undefined}
                          />
                          {answer?.fields[name] && <p className="field-error">{answer.fields[name]}</p>}
                        </>
                      ) : (
                        <span className="text-stone-500">-</span>
                      )}
                    </td>
                    <td className="py-2 pr-3">
                      <input
                        name={`location.s${size.productSizeId}`}
                        aria-label={`Bin or shelf of ${size.size1}`}
                        className="form-input w-24"
                        maxLength={30}
                        defaultValue={v(`location.s${size.productSizeId}`, size.location)}
                        aria-invalid={answer?.fields[`location.s${size.productSizeId}`] ? true : undefined}
                      />
                      {answer?.fields[`location.s${size.productSizeId}`] && <p className="field-error">{answer.fields[`location.s${size.productSizeId}`]}</p>}
                    </td>
                    <td className="py-2 whitespace-nowrap">
                      <Link to={`/admin/stock/sizes/${size.productSizeId}`} className="text-brand-700 hover:underline">
                        {size.tracked ? 'Count / history' : 'Start tracking (count)'}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap items-end gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="backordersAllowed" defaultChecked={answer ? answer.values.backordersAllowed === 'on' : stock.backordersAllowed} /> Customers may order
            more than is available (backorders)
          </label>
          <div>
            <label htmlFor="expectedDate" className="form-label">
              More expected on (optional)
            </label>
            <input id="expectedDate" name="expectedDate" type="date" className="form-input" defaultValue={v('expectedDate', stock.expectedDate ?? '')} />
            {answer?.fields.expectedDate && <p className="field-error">{answer.fields.expectedDate}</p>}
          </div>
        </div>
        <button type="submit" name="intent" value="stock" className="btn-primary">
          Save stock settings
        </button>
      </Form>
    </section>
  );
}
type Product = NonNullable<Loaded['product']>;

const formatPrice = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** The size index a core field name ('sizes.2.packs') points at, as the form names it. */
function sizeFieldError(fields: Record<string, string>, i: number): string | undefined {
  return fields[`sizes.${i}.size1`] ?? fields[`sizes.${i}.packs`];
}

export function SizesTable({ product, answer, blankSizes }: { product: Product | null; answer: Answer | undefined; blankSizes: number }) {
  const v = (name: string, fallback: string) => (answer ? (answer.values[name] ?? '') : fallback);
  const sizes = product?.sizes ?? [];
  const rows = sizes.length + blankSizes;
  // Indexes in core's field names count only sizes kept, in order; map them back to form rows.
  const keptRows: number[] = [];
  for (let i = 0; i < rows; i++) {
    if (answer && !(answer.values[`size.${i}.size1`] || answer.values[`size.${i}.size2`]) && !answer.values[`pack.${i}.0.qty`]) continue;
    if (answer?.values[`size.${i}.remove`] === 'on') continue;
    if (!answer && i >= sizes.length) continue;
    keptRows.push(i);
  }
  return (
    <div className="space-y-3" data-testid="sizes-table">
      {Array.from({ length: rows }, (_, i) => {
        const size = sizes[i];
        const packs = size?.packs ?? [];
        const packRows = packs.length + BLANK_PACKS + (size ? 0 : 1);
        const coreIndex = keptRows.indexOf(i);
        const sizeError = answer && coreIndex >= 0 ? sizeFieldError(answer.fields, coreIndex) : undefined;
        return (
          <fieldset key={i} className={`rounded-md border p-3 ${size ? 'border-stone-200 bg-white' : 'border-dashed border-stone-300 bg-stone-50'}`} data-testid={`size-row-${i}`}>
            <legend className="px-1 text-sm font-medium text-stone-800">{size ? `Size ${i + 1}` : 'Add a size'}</legend>
            {size && <input type="hidden" name={`size.${i}.id`} value={size.productSizeId} />}
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:items-end">
              <div>
                <label htmlFor={`size-${i}-size1`} className="form-label">
                  Size (size1)
                </label>
                <input id={`size-${i}-size1`} name={`size.${i}.size1`} className="form-input" maxLength={100} placeholder='12x9x6"' defaultValue={v(`size.${i}.size1`, size?.size1 ?? '')} />
              </div>
              <div>
                <label htmlFor={`size-${i}-size2`} className="form-label">
                  Metric size (size2)
                </label>
                <input id={`size-${i}-size2`} name={`size.${i}.size2`} className="form-input" maxLength={100} placeholder="305x229x152mm" defaultValue={v(`size.${i}.size2`, size?.size2 ?? '')} />
              </div>
              <div>
                {/* What one unit costs the shop: the reports' stock value and margin (docs/reports.md); empty when not known. */}
                <label htmlFor={`size-${i}-unit-cost`} className="form-label">
                  Unit cost ex-VAT (£)
                </label>
                <input
                  id={`size-${i}-unit-cost`}
                  name={`size.${i}.unitCost`}
                  className="form-input"
                  inputMode="decimal"
                  maxLength={20}
                  placeholder="0.35"
                  defaultValue={v(`size.${i}.unitCost`, size?.unitCostPence === null || size?.unitCostPence === undefined ? '' : formatPrice(size.unitCostPence))}
                  aria-invalid={answer?.fields[`size.${i}.unitCost`] ? true : undefined}
                />
              </div>
              {size && (
                <label className="flex items-center gap-2 pb-2 text-sm text-red-800">
                  <input type="checkbox" name={`size.${i}.remove`} defaultChecked={answer?.values[`size.${i}.remove`] === 'on'} /> Remove size
                </label>
              )}
            </div>
            {sizeError && <p className="field-error">{sizeError}</p>}
            {answer?.fields[`size.${i}.unitCost`] && <p className="field-error">{answer.fields[`size.${i}.unitCost`]}</p>}
            <table className="mt-3 w-full text-left text-sm">
              <thead className="text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">Units in pack</th>
                  <th scope="col" className="py-1 pr-2 font-medium">Price ex-VAT (£)</th>
                  <th scope="col" className="py-1 font-medium">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: packRows }, (_, j) => {
                  const pack = packs[j];
                  const qtyError = answer?.fields[`pack.${i}.${j}.qty`];
                  const priceError = answer?.fields[`pack.${i}.${j}.price`];
                  return (
                    <tr key={j} data-testid={`pack-row-${i}-${j}`}>
                      <td className="py-1 pr-2 align-top">
                        {pack && <input type="hidden" name={`pack.${i}.${j}.id`} value={pack.productPriceId} />}
                        <input
                          name={`pack.${i}.${j}.qty`}
                          aria-label={`Units in pack ${j + 1} of size ${i + 1}`}
                          className="form-input"
                          inputMode="numeric"
                          placeholder={pack ? '' : 'e.g. 25'}
                          defaultValue={v(`pack.${i}.${j}.qty`, pack ? pack.packRange.join('|') : '')}
                          aria-invalid={qtyError ? true : undefined}
                        />
                        {qtyError && <p className="field-error">{qtyError}</p>}
                      </td>
                      <td className="py-1 pr-2 align-top">
                        <input
                          name={`pack.${i}.${j}.price`}
                          aria-label={`Price ex-VAT of pack ${j + 1} of size ${i + 1}`}
                          className="form-input"
                          inputMode="decimal"
                          placeholder={pack ? '' : 'e.g. 12.50'}
                          defaultValue={v(`pack.${i}.${j}.price`, pack ? formatPrice(pack.pricePence) : '')}
                          aria-invalid={priceError ? true : undefined}
                        />
                        {priceError && <p className="field-error">{priceError}</p>}
                      </td>
                      <td className="py-1 align-top">
                        {pack && (
                          <label className="flex items-center gap-1 pt-2 text-xs text-red-800">
                            <input type="checkbox" name={`pack.${i}.${j}.remove`} defaultChecked={answer?.values[`pack.${i}.${j}.remove`] === 'on'} /> Remove
                          </label>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
        );
      })}
    </div>
  );
}

export function packLabel(range: number[] | null): string {
  return range ? `pack of ${range.join('|')}` : '';
}
