/**
 * My account's changes, one per `intent` of the page's forms, each a plain POST that works
 * without JavaScript, parsed by its form's contract schema (the one the browser checks, with the
 * JSON API's fields) and made by one call into core:
 *  - the address forms ('save', 'find', 'pick:<n>', 'billing') are the delivery step's own
 *    (delivery-actions.server.ts), coming back to /account;
 *  - 'delete' deletes an address (confirmed first, on the page);
 *  - 'details' sets the company name, VAT number and newsletter choice;
 *  - 'password' changes the password: every other sign-in ends, and this page stays signed in
 *    with the fresh token core issues, stored in the page session cookie.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { accountDetailsFormSchema, addressIdParamsSchema, changePasswordFormSchema } from '@shop/contract';
import { accountSettingsMessages } from '@shop/contract/browser';
import { commitSession, visitorOf } from '~/session.server';
import { deliveryAction } from '~/server/checkout/delivery-actions.server';
import { failure, failureFrom, parseForm, refusedForm } from '~/server/forms.server';

export const MY_ACCOUNT_PATH = '/account';

/** 'Delete': the address's id, by the API's rule for an address id. */
const deleteAddressFormSchema = z.object({ address_id: addressIdParamsSchema.shape.id });

/** The intents handed to the delivery step's action ('deliver' is not one: My account delivers nothing). */
const ADDRESS_FORM_INTENT = /^(save|find|billing|pick:\d{1,3})$/;

/** A change on My account that succeeded and stays on the page (the others redirect). */
export interface MyAccountSuccess {
  ok: true;
  intent: 'delete' | 'details';
  message: string;
}

export async function myAccountAction(userId: number, request: Request, context: AppLoadContext, form: FormData) {
  const intent = form.get('intent');
  if (typeof intent === 'string' && ADDRESS_FORM_INTENT.test(intent)) return deliveryAction(userId, form, context, MY_ACCOUNT_PATH);
  if (intent === 'delete') return deleteAddress(userId, context, form);
  if (intent === 'details') return saveDetails(userId, context, form);
  if (intent === 'password') return changePassword(userId, request, context, form);
  return failure('invalid_request', 'Please choose an action on this page.');
}

async function deleteAddress(userId: number, { services }: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, deleteAddressFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'delete');
  try {
    const address = await services.addresses.get(userId, parsed.value.address_id);
    await services.addresses.delete(userId, parsed.value.address_id);
    return data<MyAccountSuccess>({ ok: true, intent: 'delete', message: `${address.reference} has been deleted. Past orders keep the address they were sent to.` });
  } catch (error) {
    return failureFrom(error, 'delete');
  }
}

async function saveDetails(userId: number, { services }: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, accountDetailsFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'details');
  try {
    await services.accounts.updateDetails(userId, parsed.value);
    return data<MyAccountSuccess>({ ok: true, intent: 'details', message: accountSettingsMessages.detailsSaved });
  } catch (error) {
    return failureFrom(error, 'details', form);
  }
}

/**
 * Limited as sign-in is, against the customer's e-mail: a wrong current password counts as a
 * refused sign-in (the same counters as the JSON API's), so a borrowed signed-in browser buys
 * no extra password guesses. Success goes back to the page (a GET) with the fresh token.
 */
async function changePassword(userId: number, request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, changePasswordFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'password');
  const { accounts } = context.services;
  try {
    const { email } = await accounts.userDetails(userId, userId);
    const attempt = await context.countAttempt('signIn', email);
    const { token } = await accounts
      .changePassword(userId, { current_password: parsed.value.current_password, new_password: parsed.value.new_password })
      .catch(async (error: unknown) => {
        await attempt.failed(error);
        throw error;
      });
    await attempt.succeeded({ rememberDevice: false });
    const visitor = await visitorOf(request, context);
    const cookie = await commitSession(context, { sessionId: visitor.sessionId, token });
    return redirect(`${MY_ACCOUNT_PATH}?password=changed`, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return failureFrom(error, 'password', form);
  }
}
