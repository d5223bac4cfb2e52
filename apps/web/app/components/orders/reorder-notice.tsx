/**
 * What "Order again" changed, shown once on the basket page: the order's lines are in the
 * basket at today's prices; a new price or a pack no longer sold is listed.
 */
import { CheckIcon } from '../icons';

export interface ReorderNotice {
  orderId: number;
  /** One sentence per change, e.g. 'Cardboard Box 12x9x6, pack of 25: now £12.40 (was £11.90)'. */
  changes: string[];
  /** Changes left out of `changes` (a very long order). */
  more: number;
}

export function ReorderNoticeBox({ notice }: { notice: ReorderNotice }) {
  const changed = notice.changes.length > 0 || notice.more > 0;
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status" data-testid="reorder-notice">
      <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
        <CheckIcon width={14} height={14} />
      </span>
      <div className="min-w-0">
        <p className="font-semibold">
          {changed
            ? `The items of order ${notice.orderId} that we still sell are in your basket at today's prices. What changed:`
            : `The items of order ${notice.orderId} are in your basket at today's prices.`}
        </p>
        {changed ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm" data-testid="reorder-changes">
            {notice.changes.map((change, index) => (
              <li key={index}>{change}</li>
            ))}
            {notice.more > 0 ? <li>and {notice.more} more</li> : null}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
