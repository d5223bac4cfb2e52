/**
 * What adding a shopping list to the basket did: how many lines went in (with a link to the
 * basket) and each line that did not, with why (no longer sold, not enough stock).
 */
import { Link } from 'react-router';
import { CheckIcon } from '../icons';

export interface ListAdded {
  name: string;
  added: number;
  notAdded: { item_name: string; reason: string }[];
}

export function ListAddedNotice({ answer }: { answer: ListAdded }) {
  const { name, added, notAdded } = answer;
  return (
    <div className="space-y-3" data-testid="list-added">
      {added > 0 ? (
        <div className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status">
          <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <CheckIcon width={14} height={14} />
          </span>
          <p className="font-semibold">
            {added} {added === 1 ? 'line' : 'lines'} of &quot;{name}&quot; {added === 1 ? 'is' : 'are'} in your basket.{' '}
            <Link to="/checkout" className="underline hover:text-brand-700">
              View basket
            </Link>
          </p>
        </div>
      ) : null}
      {notAdded.length > 0 ? (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900" role="alert" data-testid="list-not-added">
          <p className="font-semibold">
            {added === 0 ? `Nothing from "${name}" could go in your basket:` : `Not added (${notAdded.length}):`}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
            {notAdded.map((line, index) => (
              // The reason names the item ("Bubble Wrap 500mm is no longer sold.").
              <li key={index}>{line.reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
