/**
 * "Save as a list" under the basket (docs/quick-order.md): a plain form posted to /lists
 * (intent=save), which saves every line of the basket under the name typed and opens the new
 * list. Visitors are asked to sign in first (lists belong to an account).
 */
import { Form, Link } from 'react-router';

export function SaveBasketAsList({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="card mt-4 p-4" data-testid="save-basket-as-list">
      <h2 className="text-sm font-semibold text-stone-900">Order this again later?</h2>
      {signedIn ? (
        <Form method="post" action="/lists" className="mt-2">
          <input type="hidden" name="intent" value="save" />
          <label htmlFor="save-list-name" className="form-label">
            Save your basket as a shopping list
          </label>
          <div className="flex gap-2">
            <input id="save-list-name" name="name" required maxLength={100} placeholder="e.g. Weekly warehouse order" className="form-input min-w-0 flex-1" />
            <button type="submit" className="btn-secondary whitespace-nowrap">
              Save as a list
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-1 text-sm text-stone-700">
          <Link to="/signin?return=checkout" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>{' '}
          to save your basket as a shopping list.
        </p>
      )}
      <p className="mt-3 text-sm text-stone-700">
        <Link to="/quick-order" className="font-semibold text-brand-700 hover:underline">
          Quick order by product code
        </Link>
        {signedIn ? (
          <>
            {' · '}
            <Link to="/lists" className="font-semibold text-brand-700 hover:underline">
              Your shopping lists
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
