/**
 * A notice an action leaves for the next page, shown once (a "flash"): a short-lived httpOnly
 * cookie that the next loader reads and clears. The value comes back from the browser, so the
 * reader checks its shape before using it.
 */
import { createCookie, type AppLoadContext } from 'react-router';

export interface OneTimeNotice {
  /** The Set-Cookie header value that leaves `value` for the next page. */
  leave(context: AppLoadContext, value: unknown): Promise<string>;
  /** The value left, once, with the Set-Cookie header that removes it; nothing when there is none. */
  take(request: Request, context: AppLoadContext): Promise<{ value: unknown; setCookie: string | null }>;
}

/** Five minutes: long enough for the redirect that follows, short enough not to surprise later. */
const NOTICE_MAX_AGE_SECONDS = 300;

export function oneTimeNotice(name: string): OneTimeNotice {
  const cookie = (context: AppLoadContext) =>
    createCookie(name, { httpOnly: true, sameSite: 'lax', secure: context.secure, path: '/', maxAge: NOTICE_MAX_AGE_SECONDS });
  return {
    leave: (context, value) => cookie(context).serialize(value),
    async take(request, context) {
      const notice = cookie(context);
      const value: unknown = await notice.parse(request.headers.get('cookie')).catch(() => null);
      if (value === null || value === undefined || value === '') return { value: null, setCookie: null };
      return { value, setCookie: await notice.serialize('', { maxAge: 0, expires: new Date(0) }) };
    },
  };
}
