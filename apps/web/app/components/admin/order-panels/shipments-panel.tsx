/**
 * The shipments the order left in, each correctable (carrier, tracking number), and what the customer is told of made-to-order quantities.
 */
import { Form } from 'react-router';
import { Field } from '../admin-kit';
import { londonDateTime } from '../admin-format';
import { Version, type OrderPanelProps } from './order-panel';

export function ShipmentsPanel({ page, busy }: Pick<OrderPanelProps, 'page' | 'busy'>) {
  const { order, carriers, allowed, madeToOrderStatement } = page;
  return (
    <section className="card p-5" aria-labelledby="shipments-heading" data-testid="shipments">
      <h2 id="shipments-heading" className="text-base font-semibold text-stone-900">
        Shipments
      </h2>
      {madeToOrderStatement ? (
        <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="admin-made-to-order">
          The customer is told: “{madeToOrderStatement}”
        </p>
      ) : null}
      <ol className="mt-3 space-y-4">
        {order.shipping.shipments.map((shipment) => (
          <li key={shipment.number} className="text-sm" data-testid="shipment">
            <p className="font-medium text-stone-900">
              Shipment {shipment.number}: {londonDateTime(shipment.dispatchedAt)}, {shipment.carrier}
              {shipment.trackingNumber ? (
                <>
                  , tracking{' '}
                  {shipment.trackingUrl ? (
                    <a href={shipment.trackingUrl} className="text-brand-700 underline" rel="noreferrer" target="_blank">
                      {shipment.trackingNumber}
                    </a>
                  ) : (
                    shipment.trackingNumber
                  )}
                </>
              ) : (
                ', no tracking number'
              )}
              {shipment.by ? <span className="font-normal text-stone-600"> by {shipment.by}</span> : null}
            </p>
            <ul className="mt-1 list-disc pl-5 text-stone-700">
              {shipment.lines.map((line) => (
                <li key={line.orderLineId}>
                  {line.count} x {line.itemName} (pack of {line.qty}){line.deliveredUnits !== null ? `: ${line.deliveredUnits} units delivered` : ''}
                </li>
              ))}
            </ul>
            {allowed.correctShipment ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-brand-700">Correct the carrier or tracking number</summary>
                <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid={`correct-shipment-${shipment.number}`}>
                  <Version page={page} />
                  <input type="hidden" name="shipment" value={shipment.number} />
                  <label htmlFor={`correct-${shipment.number}-carrier`} className="block text-sm">
                    <span className="font-medium text-stone-800">Carrier</span>
                    <select id={`correct-${shipment.number}-carrier`} name="carrier" required defaultValue={shipment.carrier} className="form-input mt-1 w-full">
                      {carriers.map((carrier) => (
                        <option key={carrier} value={carrier}>
                          {carrier}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Field form={`correct-${shipment.number}`} label="Tracking number" name="tracking_number" maxLength={50} defaultValue={shipment.trackingNumber ?? ''} />
                  <button type="submit" name="intent" value="correct-shipment" className="btn-secondary" disabled={busy}>
                    Correct and tell the customer
                  </button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
