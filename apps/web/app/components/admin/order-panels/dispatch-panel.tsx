/**
 * Dispatch: everything left in one parcel, or some packs now and the rest later (made-to-order lines with the units delivered); or why it may not go yet.
 */
import { Form } from 'react-router';
import { Field } from '../admin-kit';
import { Version, type OrderPanelProps } from './order-panel';

export function DispatchPanel({ page, answer, busy }: OrderPanelProps) {
  const { order, dispatchHoldText, carriers, untrackedCarriers, linesToSend, allowed } = page;
  const { errorOf, valueOf } = answer;
  return (
    <section className="card p-5" aria-labelledby="dispatch-heading">
      <h2 id="dispatch-heading" className="text-base font-semibold text-stone-900">
        {order.shipping.shipments.length > 0 ? 'Send the rest' : 'Dispatch'}
      </h2>
      {order.mayDispatch ? (
        <Form key={`ship-${order.version}`} method="post" className="mt-3 space-y-4" data-testid="dispatch-form">
          <Version page={page} />
          <p className="text-sm text-stone-700">
            Send everything in one parcel, or lower the packs to send some now and the rest later: the order reads "Part dispatched" until all has gone.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Item</th>
                  <th scope="col" className="px-3 py-2 text-right">Left to send</th>
                  <th scope="col" className="px-3 py-2">In this parcel</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {linesToSend.map((line, i) => (
                  <tr key={line.orderLineId} data-testid="ship-line">
                    <td className="px-3 py-2">
                      {line.itemName}
                      <span className="block text-xs text-stone-500">
                        Pack of {line.qty}
                        {line.custom
                          ? ` · made to order: ${line.count * line.qty} units ordered, 90% to 110% may be delivered${allowed.agreeCustomQuantity ? '' : ' (a manager or the owner sends any other quantity)'}`
                          : ''}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{line.remainingPacks}</td>
                    <td className="px-3 py-2">
                      <input type="hidden" name={`lines[${i}].order_line_id`} value={line.orderLineId} />
                      {line.custom ? (
                        <>
                          <input type="hidden" name={`lines[${i}].count`} value={line.remainingPacks} />
                          <label htmlFor={`ship-units-${line.orderLineId}`} className="block text-xs font-medium text-stone-800">
                            Units delivered
                            <input
                              id={`ship-units-${line.orderLineId}`}
                              name={`lines[${i}].delivered_units`}
                              type="number"
                              min={1}
                              required
                              defaultValue={line.count * line.qty}
                              className="form-input mt-1 block w-32"
                              aria-invalid={errorOf('ship', `delivered_units_${line.orderLineId}`) ? true : undefined}
                            />
                          </label>
                          {errorOf('ship', `delivered_units_${line.orderLineId}`) ? (
                            <span className="mt-1 block text-xs text-red-700">{errorOf('ship', `delivered_units_${line.orderLineId}`)}</span>
                          ) : null}
                        </>
                      ) : (
                        <>
                          <label htmlFor={`ship-count-${line.orderLineId}`}>
                            <span className="sr-only">Packs of {line.itemName} in this parcel</span>
                            <input
                              id={`ship-count-${line.orderLineId}`}
                              name={`lines[${i}].count`}
                              type="number"
                              min={0}
                              max={line.remainingPacks}
                              defaultValue={line.remainingPacks}
                              className="form-input w-24"
                            />
                          </label>
                          {errorOf('ship', `count_${line.orderLineId}`) ? <span className="mt-1 block text-xs text-red-700">{errorOf('ship', `count_${line.orderLineId}`)}</span> : null}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Only roles that may change the order's money record the customer's agreement (core refuses the others). */}
          {linesToSend.some((line) => line.custom) && allowed.agreeCustomQuantity ? (
            <fieldset className="space-y-2 rounded-md border border-stone-200 p-3">
              <legend className="px-1 text-sm font-medium text-stone-800">A made-to-order quantity outside 10%</legend>
              <label htmlFor="ship-customer-agreed" className="flex items-start gap-2 text-sm text-stone-800">
                <input id="ship-customer-agreed" name="customer_agreed" type="checkbox" className="mt-0.5" />
                <span>The customer agreed to this quantity</span>
              </label>
              <Field
                form="ship"
                label="How they agreed (who, when, how)"
                name="agreement_note"
                maxLength={200}
                defaultValue={valueOf('ship', 'agreement_note')}
                error={errorOf('ship', 'agreement_note')}
              />
            </fieldset>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <label htmlFor="dispatch-carrier" className="block text-sm">
              <span className="font-medium text-stone-800">Carrier</span>
              <select id="dispatch-carrier" name="carrier" required defaultValue={valueOf('ship', 'carrier') ?? ''} className="form-input mt-1 w-full">
                <option value="" disabled>
                  Choose
                </option>
                {carriers.map((carrier) => (
                  <option key={carrier} value={carrier}>
                    {carrier}
                  </option>
                ))}
              </select>
            </label>
            <Field
              form="dispatch"
              label={`Tracking number (none for ${untrackedCarriers.join(', ').toLowerCase().replace('own van', 'our own van')})`}
              name="tracking_number"
              maxLength={50}
              defaultValue={valueOf('ship', 'tracking_number')}
              error={errorOf('ship', 'tracking_number')}
            />
            <button type="submit" name="intent" value="ship" className="btn-primary" disabled={busy}>
              Mark dispatched
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-amber-900" data-testid="dispatch-hold">
          {dispatchHoldText}
        </p>
      )}
    </section>
  );
}
