/**
 * An append-only audit trail as a card with a When / Who / What table, newest first: a
 * customer's account history and the changes to the staff list. Entries come from core's
 * describe* functions; times are shown in London time.
 */
import { londonDateTime } from './admin-format';

export interface AuditEntry {
  /** ISO instant. */
  at: string;
  who: string;
  what: string;
}

export function AuditTrail({ id, title, description, entries, empty, testId }: { id: string; title: string; description: string; entries: AuditEntry[]; empty: string; testId: string }) {
  return (
    <section className="card overflow-x-auto" aria-labelledby={id}>
      <h2 id={id} className="px-5 pt-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p className="px-5 text-sm text-stone-600">{description} Entries cannot be edited or deleted.</p>
      {entries.length === 0 ? (
        <p className="px-5 pt-2 pb-4 text-sm text-stone-600">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" data-testid={testId}>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">When</th>
              <th scope="col" className="px-4 py-2.5">Who</th>
              <th scope="col" className="px-4 py-2.5">What</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {entries.map((entry, i) => (
              <tr key={i}>
                <td className="px-4 py-2.5 whitespace-nowrap">{londonDateTime(entry.at)}</td>
                <td className="px-4 py-2.5">{entry.who}</td>
                <td className="px-4 py-2.5 break-words">{entry.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
