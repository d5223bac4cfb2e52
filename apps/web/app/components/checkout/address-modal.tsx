/**
 * The 'Add/Update Address' dialog of the delivery step and My account (SPEC 2, 5). It is opened
 * by the URL (/delivery?address=new, /delivery?address=<id>), so it is in the server's HTML and
 * works without JavaScript; closing it is a link back to the page. Its form posts to the page's
 * action: 'save' (add, or update with address_id), 'find' and 'pick:<n>' (postcode finder).
 * Every field but Company Name is required, by the address form's schema. The fields take any
 * length (no maxLength): a longer text than the schema allows is said with its limit
 * ('Town is required. (1-50) Characters'), never cut short without a word. Once the page is
 * hydrated the messages show as the customer types and Save stays disabled until the form is
 * valid. Without JavaScript the action parses the same schema and answers the same messages,
 * with everything typed kept.
 */
import type { FormEvent } from 'react';
import { Form, Link } from 'react-router';
import { FormMessage } from '~/components/account/form-message';
import { useShopForm } from '~/components/account/shop-form';
import { TextField } from '~/components/account/text-field';
import { UrlDialog } from '~/components/account/url-dialog';
import { addressFormValues, type FoundAddress } from './address-format';
import type { AddressDto } from './checkout-types';
import type { AddressFormAnswer } from './delivery-answers';
import { PostcodeFinder } from './postcode-finder';

const FORM_ID = 'address-form';

interface Props {
  /** The address being edited, or null to add one. */
  address: AddressDto | null;
  /** The action's answer to this form (a refused save, a find, a pick), or null. */
  answer: AddressFormAnswer | null;
  /** The intent of this page's form being submitted ('save', 'find', 'pick:1', ...), or null. */
  pendingIntent: string | null;
  /** Where closing leads (the page without the modal). */
  closeHref: string;
}

export function AddressModal({ address, answer, pendingIntent, closeHref }: Props) {
  // Starts from what the customer typed when the page comes back from the action (no JavaScript).
  const { form, fields, valid, formProps } = useShopForm('addressFormSchema', {
    id: FORM_ID,
    defaultValue: answer?.values ?? addressFormValues(address),
    answer: answer?.intent === 'save' ? answer : null,
  });
  const editing = address !== null;
  const saving = pendingIntent === 'save';
  const searching = pendingIntent === 'find' || (pendingIntent?.startsWith('pick:') ?? false);
  const canSave = valid !== false && pendingIntent === null;

  const fill = (found: FoundAddress) => {
    for (const [name, value] of Object.entries(found) as [keyof FoundAddress, string][]) {
      if (value) form.update({ name, value, validated: true });
    }
    // The house number or name is what a customer most often has to correct: start there, unless
    // the customer has already moved on to a field (typing there must never land in another one).
    window.setTimeout(() => {
      const active = document.activeElement;
      const inField = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
      if (!inField) document.getElementById('address-region')?.focus();
    }, 0);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Finding a postcode (and choosing from the list without JavaScript) needs no valid form: only saving does.
    if (submitter instanceof HTMLButtonElement && submitter.name === 'intent' && submitter.value !== 'save') return;
    formProps.onSubmit(event);
  };

  return (
    <UrlDialog
      title="Add/Update Address"
      closeHref={closeHref}
      footer={
        <>
          <Link to={closeHref} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" form={FORM_ID} name="intent" value="save" className="btn-primary min-w-32" disabled={!canSave} data-testid="save-address">
            {saving ? 'Saving…' : editing ? 'Update Address' : 'Save Address'}
          </button>
        </>
      }
    >
      <Form
        method="post"
        preventScrollReset
        {...formProps}
        onSubmit={submit}
        className="space-y-4"
        data-testid="address-form"
        data-mode={editing ? 'edit' : 'add'}
      >
        {/* Enter in a field saves: the first submit button of a form is the one Enter presses (not Find). */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={!canSave}>
          Save
        </button>
        {editing ? <input type="hidden" name="address_id" value={address.address_id} /> : null}
        <p className="text-sm text-stone-600">
          {editing ? 'Update the details of this address.' : 'Add a delivery address. Your first address is also used as your billing address.'}{' '}
          All fields are required unless marked optional.
        </p>
        <FormMessage message={answer?.ok === false && answer.message ? { tone: 'error', text: answer.message } : null} testId="address-message" />
        <PostcodeFinder
          initialText={answer?.search ?? ''}
          answer={answer?.postcode ?? null}
          filledByServer={answer?.filled === true}
          searching={searching}
          onChoose={fill}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="address-reference" label="Reference" placeholder="e.g. Warehouse, Home" required field={fields.reference} />
          <TextField id="address-contact-name" label="Contact Name" autoComplete="name" required field={fields.contact_name} />
        </div>
        {/* The API and SPEC call this field region; what it holds is the house number or name. */}
        <TextField id="address-region" label="House number or name" autoComplete="address-line1" required field={fields.region} />
        <TextField id="address-company-name" label="Company Name (optional)" autoComplete="organization" field={fields.company_name} />
        <TextField id="address-address" label="Address" autoComplete="address-line2" required field={fields.address} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="address-town" label="Town" autoComplete="address-level2" required field={fields.town} />
          <TextField id="address-post-code" label="Post Code" autoComplete="postal-code" required field={fields.post_code} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="address-country" label="Country" autoComplete="country-name" required field={fields.country} />
          <TextField id="address-phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={15} required field={fields.phone} />
        </div>
      </Form>
    </UrlDialog>
  );
}
