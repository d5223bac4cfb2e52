/**
 * POST /account/data: the signed-in customer's data as one ZIP file to save (a resource route: no
 * page): data.json with the account, addresses, basket, orders, invoices and credit notes, and the
 * PDFs of the invoices and credit notes (core's CustomerDataExport, audited). A POST, posted by a
 * plain form on My account, because it records an audit entry and may issue an invoice; a GET
 * only goes back to My account. Signed out: to sign-in, coming back to My account.
 */
import { redirect } from 'react-router';
import { requireCustomer } from '~/session.server';
import { zipResponse } from '~/server/account/data-rights.server';
import type { Route } from './+types/account-data';

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, '/signin?return=account');
  return zipResponse(await context.services.customerData.archive(userId, { kind: 'customer' }));
}

export function loader() {
  return redirect('/account');
}
