/**
 * What a back-office change says once it is saved ("The payment is recorded."): the action
 * redirects to the page (post/redirect/get) leaving the notice in a short-lived cookie, and the
 * page's loader shows it once and clears it, so a reload, a bookmark or a shared address does not
 * say it again (it once rode in the address as ?notice=...).
 */
import { redirect, type AppLoadContext } from 'react-router';
import { oneTimeNotice } from '~/server/one-time-notice.server';

const adminNotice = oneTimeNotice('shop_admin_notice');

/** A redirect to `to` that leaves the notice `key` (one of that page's notices) for it. */
export async function redirectWithNotice(to: string, key: string, context: AppLoadContext): Promise<Response> {
  const path = new URL(to, 'http://shop.invalid').pathname;
  return redirect(to, { headers: { 'Set-Cookie': await adminNotice.leave(context, { path, key }) } });
}

/**
 * The notice left for this page, once, in the words of `notices`; with the headers that clear
 * it (a loader answers them with its data). A notice left for another page is dropped.
 */
export async function takeNotice(request: Request, context: AppLoadContext, notices: Record<string, string>): Promise<{ notice: string | null; headers: HeadersInit | undefined }> {
  const { value, setCookie } = await adminNotice.take(request, context);
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined;
  const left = value as { path?: unknown; key?: unknown } | null;
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const notice = left && left.path === path && typeof left.key === 'string' && Object.hasOwn(notices, left.key) ? notices[left.key]! : null;
  return { notice, headers };
}
