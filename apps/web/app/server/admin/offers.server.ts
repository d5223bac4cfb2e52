/**
 * The offer pages of the back office ('offers': owner and manager; routes/admin/offers.tsx,
 * offer-new.tsx, offer.tsx): the form of an offer's page, and what the "New offer" form shows
 * again when it is refused. The new offer's own schema is the contract's offerFormSchema, which
 * core parses again and the browser checks once the page is hydrated.
 */
import { z } from 'zod';
import { UNKNOWN_FORM } from './admin-forms.server';

/** An offer's page: "End offer now", once confirmed. */
export const offerPageFormSchema = z.object({ intent: z.literal('end') }, { error: UNKNOWN_FORM });

/** The fields a refused "New offer" form shows again as typed (the ticked categories too, one or several). */
export const OFFER_FORM_KEPT = [
  'name',
  'code',
  'kind',
  'percent_off',
  'amount_off',
  'applies_to',
  'category_ids',
  'category_ids[*]',
  'sizes',
  'min_spend',
  'starts_on',
  'ends_on',
  'max_uses',
  'max_uses_per_customer',
  'audience',
  'customer_emails',
  'company_names',
] as const;

/** A textarea of names or e-mail addresses may be long; each kept value is cut to this. */
export const OFFER_FORM_KEPT_MAX = 20_000;

export const OFFER_NOTICES: Record<string, string> = {
  created: 'The offer is made. It cannot be changed now; end it early here if you must.',
  ended: 'The offer has ended: no basket gets it from now on. Orders placed with it keep their discount.',
  'already-ended': 'The offer had ended already.',
};
