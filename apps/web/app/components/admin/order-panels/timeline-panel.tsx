/**
 * The order's timeline: each audited event and what it changed, in core's words (order.server.ts
 * names them), amounts in pounds and days as dates.
 */
import { calendarDate, londonDateTime, pounds } from '../admin-format';
import { type OrderPanelProps } from './order-panel';

export function TimelinePanel({ page }: Pick<OrderPanelProps, 'page'>) {
  return (
    <section className="card p-5" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-base font-semibold text-stone-900">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l border-stone-200 pl-4" data-testid="order-timeline">
        {page.timeline.map((entry, i) => (
          <li key={i} className="text-sm">
            <p className="font-medium text-stone-900">
              {entry.label}
              {entry.by ? <span className="font-normal text-stone-600">{entry.kind === 'taken-by-phone' ? `, ${entry.by}` : ` by ${entry.by}`}</span> : null}
            </p>
            <p className="text-xs text-stone-500">{londonDateTime(entry.at)}</p>
            {entry.changes.length > 0 ? (
              <p className="mt-0.5 text-xs break-words text-stone-700">
                {entry.changes.map(({ field, label, value }) => `${label}: ${/pence$/.test(field) ? pounds(Number(value)) : /_(on|date)$/.test(field) ? calendarDate(String(value)) : String(value)}`).join(' · ')}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
