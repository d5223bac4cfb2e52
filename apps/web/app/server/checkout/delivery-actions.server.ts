/**
 * The delivery step's changes (SPEC 2 "Delivery address step"), one per `intent` of the page's
 * forms: 'deliver' assigns an address to the basket and goes on to payment, 'billing' marks the
 * billing address, 'save' adds or updates an address, 'find' looks up a postcode and 'pick:<n>'
 * fills the form from the n-th address found (the postcode finder without JavaScript). Each
 * form is parsed by a contract schema (the address form by the API's address body, whose fields
 * are the ones the browser checks), and each change is one call into core.
 */
import { data, redirect, type AppLoadContext, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router';
import { assignAddressBodySchema, createAddressBodySchema, markAsBillingBodySchema, messages, updateAddressBodySchema } from '@shop/contract';
import { failureFrom, parseForm, refusedForm, type ActionFailure } from '~/server/forms.server';
import { addressFormValuesFrom, foundAddressFrom, withFoundAddress } from '~/components/checkout/address-format';
import type { AddressCardAnswer, AddressFormAnswer, PostcodeAnswer } from '~/components/checkout/delivery-answers';

/** The postcode search text is read up to this length (the API's FindAddress takes 100). */
const SEARCH_MAX = 100;

type Services = AppLoadContext['services'];

/** `page`: the page whose address forms these are (the delivery step, or My account), where a saved address goes back to. */
export async function deliveryAction(userId: number, form: FormData, context: AppLoadContext, page = '/delivery') {
  const { services } = context;
  const intent = textOf(form, 'intent');
  if (intent === 'deliver') return deliver(userId, form, services);
  if (intent === 'billing') return markAsBilling(userId, form, services);
  if (intent === 'save') return save(userId, form, services, page);
  if (intent === 'find') return find(form, context);
  if (/^pick:\d{1,3}$/.test(intent)) return pick(Number(intent.slice('pick:'.length)), form, context);
  return data<AddressCardAnswer>({ intent: 'unknown', ok: false, message: 'Please choose an action on this page.' }, { status: 400 });
}

/** 'Deliver to this Address': assign it to the basket, then on to payment (SPEC 2). */
async function deliver(userId: number, form: FormData, { carts }: Services) {
  const parsed = parseForm(form, assignAddressBodySchema);
  if (!parsed.ok) return cardFailure('deliver', refusedForm(parsed), 'This address could not be selected. Please try again.');
  try {
    await carts.assignAddress(userId, parsed.value);
  } catch (error) {
    // Said on the address's own card (a PO box, say), beside the button the customer pressed.
    return cardFailure('deliver', failureFrom(error), undefined, parsed.value.addressId);
  }
  return redirect('/payment');
}

async function markAsBilling(userId: number, form: FormData, { addresses }: Services) {
  const parsed = parseForm(form, markAsBillingBodySchema);
  if (!parsed.ok) return cardFailure('billing', refusedForm(parsed), 'The billing address could not be changed. Please try again.');
  try {
    const list = await addresses.markAsBilling(userId, parsed.value);
    const reference = list.find((address) => address.address_id === parsed.value)?.reference ?? 'This address';
    return data<AddressCardAnswer>({ intent: 'billing', ok: true, message: `${reference} is now your billing address.` });
  } catch (error) {
    return cardFailure('billing', failureFrom(error));
  }
}

/**
 * Add (no address_id) or update an address. Success goes back to the page without the modal,
 * naming the saved address (`saved=<id>`); a refusal answers every typed value with the messages.
 */
async function save(userId: number, form: FormData, { addresses }: Services, page: string) {
  const values = addressFormValuesFrom(form);
  const search = searchTextOf(form);
  const refused = (answer: DataWithResponseInit<ActionFailure>) =>
    data<AddressFormAnswer>(
      { intent: 'save', ok: false, message: answer.data.message, fields: answer.data.fields, values, search },
      answer.init ?? undefined,
    );
  try {
    let savedId: number;
    if (form.has('address_id')) {
      const parsed = parseForm(form, updateAddressBodySchema);
      if (!parsed.ok) return refused(refusedForm(parsed));
      // The address book stores the postcode normalised ("ls1 4ap" -> "LS1 4AP"), as for the API.
      savedId = (await addresses.update(userId, parsed.value)).address_id;
    } else {
      const parsed = parseForm(form, createAddressBodySchema);
      if (!parsed.ok) return refused(refusedForm(parsed));
      savedId = (await addresses.create(userId, parsed.value)).address_id;
    }
    return redirect(`${page}?saved=${savedId}`);
  } catch (error) {
    return refused(failureFrom(error));
  }
}

/** 'Find': the addresses of the postcode typed; does nothing while it is empty (SPEC 5). */
async function find(form: FormData, context: AppLoadContext) {
  const values = addressFormValuesFrom(form);
  const search = searchTextOf(form);
  if (!search.trim()) return data<AddressFormAnswer>({ intent: 'find', ok: true, values, search });
  return data<AddressFormAnswer>({ intent: 'find', ok: true, values, search, postcode: await lookUp(search, context) });
}

/** A choice from the list without JavaScript: the lookup again, and the chosen entry filled into what was typed. */
async function pick(index: number, form: FormData, context: AppLoadContext) {
  const values = addressFormValuesFrom(form);
  const search = searchTextOf(form);
  const postcode = await lookUp(search, context);
  const entry = 'entries' in postcode ? postcode.entries[index] : undefined;
  if (!entry) return data<AddressFormAnswer>({ intent: 'find', ok: true, values, search, postcode });
  return data<AddressFormAnswer>({ intent: 'pick', ok: true, values: withFoundAddress(values, foundAddressFrom(entry)), search, filled: true });
}

/**
 * SPEC 8: the lookup's own message when it fails; 'Invalid PostCode, ...' when the lookup itself
 * errs. Look-ups count against the same per-address limit as the API's FindAddress.
 */
async function lookUp(search: string, context: AppLoadContext): Promise<PostcodeAnswer> {
  try {
    await context.countAttempt('postcodeLookup', null);
  } catch (error) {
    return { error: (error as Error).message };
  }
  try {
    const result = await context.services.postcodes.search(search);
    return result.ok ? { entries: result.entries } : { error: result.message };
  } catch {
    return { error: messages.postcodeLookupFailed };
  }
}

function cardFailure(intent: AddressCardAnswer['intent'], answer: DataWithResponseInit<ActionFailure>, message = answer.data.message, addressId?: number) {
  return data<AddressCardAnswer>({ intent, ok: false, message, ...(addressId === undefined ? {} : { addressId }) }, answer.init ?? undefined);
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function searchTextOf(form: FormData): string {
  return textOf(form, 'postcode_search').slice(0, SEARCH_MAX);
}
