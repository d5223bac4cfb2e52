/**
 * The `return` query parameter of the sign-in and sign-up pages (SPEC 2: return=delivery is
 * passed by the checkout button) turned into a path of this shop. Only a relative path is
 * accepted, so the parameter cannot send a customer to another site after signing in.
 */
const SAFE_PATH = /^[A-Za-z0-9\-_.~/?=&%+,]*$/;
/** The longest path a form or link may send a visitor back to: longer is not one of the shop's pages (a 100 kB one was echoed into Location). */
export const LOCAL_PATH_MAX_LENGTH = 2000;

export function returnTarget(search: URLSearchParams): string | null {
  const raw = search.get('return');
  if (raw === null) return null;
  return safeLocalPath(raw) ?? '/landing';
}

/** A path of this shop made from `raw` ('delivery', '/order-detail?orderId=7'), or null when it could lead elsewhere. */
export function safeLocalPath(raw: string): string | null {
  // Leading slashes or backslashes would make '//other.site' (protocol-relative): drop them.
  if (raw.length > LOCAL_PATH_MAX_LENGTH) return null;
  const path = raw.trim().replace(/^[/\\]+/, '');
  if (path === '' || !SAFE_PATH.test(path)) return null;
  return `/${path}`;
}

/**
 * The sign-in page that comes back to `url` (its path and query) once signed in, by the same
 * rule the sign-in page reads its `return` with (safeLocalPath); plain /signin for a page it
 * would not go back to.
 */
export function signInReturningTo(url: URL): string {
  const here = safeLocalPath(`${url.pathname}${url.search}`);
  return here ? `/signin?${new URLSearchParams({ return: here.slice(1) }).toString()}` : '/signin';
}

/** A link to another account page that keeps the `return` parameter. */
export function withReturn(path: string, search: URLSearchParams): string {
  const value = search.get('return');
  return value === null ? path : `${path}?${new URLSearchParams({ return: value }).toString()}`;
}
