/**
 * POST /prices: the header's "Prices ex VAT / inc VAT" switch (DESIGN section 4 "Money"). The
 * choice goes into a cookie and the visitor goes back to the page they were on, with or without
 * JavaScript (with it, the switch is a fetcher that stays on the page: components/price.tsx).
 */
import { data, redirect } from 'react-router';
import { priceBasisFormSchema } from '@shop/contract/forms';
import { parseForm, postedForm } from '~/server/forms.server';
import { pageToGoBackTo, priceBasisCookie } from '~/server/price-display.server';
import type { Route } from './+types/prices';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const back = pageToGoBackTo(typeof form.get('redirectTo') === 'string' ? String(form.get('redirectTo')) : undefined);
  const parsed = parseForm(form, priceBasisFormSchema);
  // Neither choice (a hand-made request): back to the page, prices as they were.
  if (!parsed.ok) return redirect(back);
  const headers = { 'Set-Cookie': priceBasisCookie(parsed.value.prices, context.secure) };
  // The hydrated switch stays where it is: its page's loaders reload with the new cookie.
  if (parsed.value.stay) return data({ prices: parsed.value.prices }, { headers });
  return redirect(back, { headers });
}

export function loader() {
  return redirect('/landing');
}
