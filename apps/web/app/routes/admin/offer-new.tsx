/**
 * A new offer ('offers': owner and manager): a discount code customers type at the basket, or
 * an automatic offer (no code) that applies by itself. What it takes off (a percentage, an
 * amount, or the delivery fee), what it covers (the basket, categories from the tree, or sizes
 * by product code), a minimum spend, its days, its limits and who may have it (everyone, a first
 * order, or customers by e-mail and companies by name). One schema (the contract's
 * offerFormSchema) checks it here, in core and, once hydrated, in the browser; without
 * JavaScript the form posts and the messages come back beside their fields. An offer is never
 * changed once made, so a saved one goes to its own page.
 */
import { data, Form } from 'react-router';
import { offerFormSchema } from '@shop/contract/forms';
import { adminAction } from '~/server/admin/admin-page.server';
import { OFFER_FORM_KEPT, OFFER_FORM_KEPT_MAX } from '~/server/admin/offers.server';
import { redirectWithNotice } from '~/server/admin/admin-notice.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { Field, PageHead, useAdminAnswer } from '~/components/admin/admin-kit';
import { CategoryPicker, OptionGroup, TextAreaField } from '~/components/admin/offer-form-parts';
import { useShopForm } from '~/components/account/shop-form';
import type { Route } from './+types/offer-new';

export const meta: Route.MetaFunction = () => [{ title: 'New offer - Offers - Back office' }];

const FORM = 'offer';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'offers');
  const { offerAdmin } = context.services;
  return data({ categories: await offerAdmin.categoryChoices(staff), today: offerAdmin.today() });
}

export const action = adminAction({
  permission: 'offers',
  schema: offerFormSchema,
  keep: OFFER_FORM_KEPT,
  keepMax: OFFER_FORM_KEPT_MAX,
  async run({ value, staff, context }) {
    const offerId = await context.services.offerAdmin.create(staff, value);
    return redirectWithNotice(`/admin/offers/${offerId}`, 'created', context);
  },
});

/** The categories ticked on a refused form: one posted box is kept as `category_ids`, several as `category_ids[0]`, .... */
function tickedCategories(values: Record<string, string> | undefined): Set<number> {
  return new Set(
    Object.entries(values ?? {})
      .filter(([name]) => name === 'category_ids' || name.startsWith('category_ids['))
      .map(([, id]) => Number(id)),
  );
}

export default function NewOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, today } = loaderData;
  const { failed } = useAdminAnswer(actionData);
  const { fields, formProps } = useShopForm('offerFormSchema', { id: 'offer-form', answer: failed });
  // The message beside a field: the server's answer (Conform starts from it), then the browser's checks once hydrated.
  const errorOf = (name: keyof typeof fields) => fields[name].errors?.[0];
  const typed = (name: string, fallback = '') => failed?.values?.[name] ?? fallback;
  const field = (name: keyof typeof fields, label: string, extra: Omit<React.ComponentProps<typeof Field>, 'form' | 'name' | 'label'> = {}) => (
    <Field form={FORM} name={name} label={label} defaultValue={typed(name)} error={errorOf(name)} {...extra} />
  );
  const fieldNames = Object.keys(failed?.fields ?? {});

  return (
    <div className="space-y-6">
      <PageHead back={{ to: '/admin/offers', label: 'All offers' }} title="New offer">
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          A code is typed by customers at the basket; an offer without a code applies by itself to every basket it fits. A basket gets the one offer that takes most off its goods,
          and free delivery besides. An offer cannot be changed once made: you can end it early.
        </p>
      </PageHead>
      {failed && fieldNames.length === 0 ? <AdminMessage tone="error">{failed.message}</AdminMessage> : null}
      {failed && fieldNames.length > 0 ? (
        <AdminMessage tone="error" testId="offer-form-problems">
          The offer is not made yet: correct what is marked below.
        </AdminMessage>
      ) : null}

      <Form method="post" {...formProps} className="space-y-6" data-testid="offer-form">
        <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="offer-what">
          <h2 id="offer-what" className="text-lg font-semibold text-stone-900 sm:col-span-2">
            The offer
          </h2>
          {field('name', 'Name', { required: true, maxLength: 100, placeholder: '10% off mailing bags', hint: 'Customers see it in the basket and on the invoice.' })}
          {field('code', 'Code', {
            maxLength: 40,
            autoCapitalize: 'characters',
            spellCheck: false,
            hint: 'Letters, digits and hyphens, e.g. SPRING10. Leave empty for an automatic offer.',
          })}
        </section>

        <section className="card grid gap-6 p-5 lg:grid-cols-2" aria-label="What it takes off and what it covers">
          <div className="space-y-6">
            <OptionGroup
              form={FORM}
              legend="What it takes off"
              name="kind"
              value={typed('kind', 'percent')}
              error={errorOf('kind')}
              options={[
                {
                  value: 'percent',
                  label: 'A percentage off',
                  children: field('percent_off', 'Percentage off (%)', { inputMode: 'decimal', placeholder: '10', hint: '0.01 to 100' }),
                },
                { value: 'amount', label: 'An amount off', children: field('amount_off', 'Amount off (£, ex VAT)', { inputMode: 'decimal', placeholder: '5.00' }) },
                { value: 'free-delivery', label: 'Free delivery', hint: 'The delivery fee to mainland UK, as the shop’s own free delivery.' },
              ]}
            />
            <div className="max-w-sm">
              {field('min_spend', 'Minimum spend (£, ex VAT)', { inputMode: 'decimal', placeholder: '0.00', hint: 'On the goods it covers. Leave empty for none.' })}
            </div>
          </div>
          <OptionGroup
            form={FORM}
            legend="What it covers"
            name="applies_to"
            value={typed('applies_to', 'basket')}
            error={errorOf('applies_to')}
            options={[
              { value: 'basket', label: 'The whole basket' },
              {
                value: 'categories',
                label: 'Some categories',
                children: <CategoryPicker form={FORM} name="category_ids" categories={categories} checked={tickedCategories(failed?.values)} error={errorOf('category_ids')} />,
              },
              {
                value: 'sizes',
                label: 'Some sizes',
                children: (
                  <TextAreaField
                    form={FORM}
                    name="sizes"
                    label="Sizes"
                    rows={3}
                    defaultValue={typed('sizes')}
                    error={errorOf('sizes')}
                    hint='One a line: a product code for all its sizes, or a product code and a size as the catalogue shows it (P000123 12x9x6").'
                  />
                ),
              },
            ]}
          />
        </section>

        <section className="card grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-4" aria-labelledby="offer-when">
          <h2 id="offer-when" className="text-lg font-semibold text-stone-900 sm:col-span-2 lg:col-span-4">
            When, and how often
          </h2>
          {field('starts_on', 'First day', { type: 'date', required: true, defaultValue: typed('starts_on', today), hint: 'London days, both included.' })}
          {field('ends_on', 'Last day', { type: 'date', hint: 'Leave empty for no end.' })}
          {field('max_uses', 'Uses in all', { inputMode: 'numeric', hint: 'Orders that may use it. Empty: no limit.' })}
          {field('max_uses_per_customer', 'Uses per customer', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
        </section>

        <section className="card p-5" aria-label="Who it is for">
          <OptionGroup
            form={FORM}
            legend="Who it is for"
            name="audience"
            value={typed('audience', 'everyone')}
            error={errorOf('audience')}
            options={[
              { value: 'everyone', label: 'Everyone', hint: 'Guests too, for a code; a signed-in customer for the limits per customer.' },
              { value: 'new-customers', label: 'New customers', hint: 'A customer’s first order.' },
              {
                value: 'named',
                label: 'Named customers and companies',
                hint: 'Every member of a company named may use it.',
                children: (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextAreaField
                      form={FORM}
                      name="customer_emails"
                      label="Customers’ e-mail addresses"
                      rows={3}
                      defaultValue={typed('customer_emails')}
                      error={errorOf('customer_emails')}
                      hint="Separated by commas or new lines."
                    />
                    <TextAreaField
                      form={FORM}
                      name="company_names"
                      label="Company names"
                      rows={3}
                      defaultValue={typed('company_names')}
                      error={errorOf('company_names')}
                      hint="One a line, as on the Companies page."
                    />
                  </div>
                ),
              },
            ]}
          />
        </section>

        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Make the offer
          </button>
        </div>
      </Form>
    </div>
  );
}
