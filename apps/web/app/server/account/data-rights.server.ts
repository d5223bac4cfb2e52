/**
 * The customer's data rights on the storefront (core/accounts/customer-data-export.ts and
 * account-closure.ts): the download of their data as a ZIP, and closing the account, each a plain
 * POST that works without JavaScript.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { closeAccountFormSchema } from '@shop/contract';
import { RECORDS_KEPT_YEARS, type CustomerDataArchive } from '@shop/core';
import { destroySession, requireCustomer, visitorOf } from '~/session.server';
import { failureFrom, parseForm, refusedForm } from '~/server/forms.server';

export const CLOSE_ACCOUNT_PATH = '/account/close';
export const ACCOUNT_CLOSED_PATH = `${CLOSE_ACCOUNT_PATH}?closed=1`;

/** A ZIP file to save (never shown inline, never kept by a shared cache). */
export function zipResponse(file: CustomerDataArchive): Response {
  return new Response(new Uint8Array(file.content), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'content-length': String(file.content.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}

/**
 * What the Close Your Account page shows: why the account cannot be closed yet (an open order),
 * or, once closed (?closed=1, signed out), the confirmation. Signed out otherwise: to sign-in.
 */
export async function closeAccountPage(request: Request, context: AppLoadContext, signInPath: string) {
  const closed = new URL(request.url).searchParams.get('closed') === '1';
  if (closed && (await visitorOf(request, context)).userId === null) return { closed: true, blockers: [] as string[], keptYears: RECORDS_KEPT_YEARS };
  const userId = await requireCustomer(request, context, signInPath);
  return { closed: false, blockers: await context.services.accountClosure.blockers(userId), keptYears: RECORDS_KEPT_YEARS };
}

/**
 * "Close My Account": the password again and the box ticked. A wrong password counts as a refused
 * sign-in against the customer's e-mail (sign-in's limits, as a password change does). Closed:
 * the page session cookie is removed (the token in it is already revoked) and the customer sees
 * the confirmation.
 */
export async function closeAccount(userId: number, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, closeAccountFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'close');
  const { accounts, accountClosure } = context.services;
  try {
    const { email } = await accounts.userDetails(userId, userId);
    const attempt = await context.countAttempt('signIn', email);
    await accountClosure.closeByCustomer(userId, parsed.value.current_password).catch(async (error: unknown) => {
      await attempt.failed(error);
      throw error;
    });
  } catch (error) {
    return failureFrom(error, 'close', form);
  }
  return redirect(ACCOUNT_CLOSED_PATH, { headers: { 'Set-Cookie': await destroySession(context) } });
}
