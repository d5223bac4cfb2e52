/**
 * The 'Add/Update Address' modal of the delivery step (SPEC 2, 5). It is opened by the URL
 * (/delivery?address=new, /delivery?address=<id>), so it is in the server's HTML and works
 * without JavaScript; closing it is a link back to /delivery. Its form posts to the page's
 * action: 'save' (add, or update with address_id), 'find' and 'pick:<n>' (postcode finder).
 * Every field but Company Name is required with its SPEC 5 message; once the page is hydrated
 * the messages show as the customer types and Save stays disabled until the form is valid.
 * Without JavaScript the server validates with the same rules and answers the same messages,
 * with everything typed kept.
 */
import type { FormEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { addressRules, type TextRule } from '@shop/contract/browser';
import { useHydrated } from '~/lib/use-hydrated';
import { Modal } from '~/components/modal';
import { FormMessage } from '~/components/account/form-message';
import { TextField } from '~/components/account/text-field';
import { useValidatedForm, type FieldBinding } from '~/components/account/use-validated-form';
import { addressFormValues, type AddressFormField, type FoundAddress } from './address-format';
import type { AddressDto } from './checkout-types';
import type { AddressFormAnswer } from './delivery-answers';
import { PostcodeFinder } from './postcode-finder';

const FORM_ID = 'address-form';

/** The SPEC 5 rules plus the optional company name (bounded like the other names). */
const addressFormRules = {
  ...addressRules,
  company_name: { min: 0, max: 100, message: 'Company Name is at most 100 characters' } satisfies TextRule,
} satisfies Record<AddressFormField, TextRule>;

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
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Starts from what the customer typed when the page comes back from the action (no JavaScript).
  const form = useValidatedForm(addressFormRules, answer?.values ?? addressFormValues(address));
  const editing = address !== null;
  const saving = pendingIntent === 'save';
  const searching = pendingIntent === 'find' || (pendingIntent?.startsWith('pick:') ?? false);
  const canSave = !hydrated || (form.valid && pendingIntent === null);

  /** The browser's message once shown, else the server's for the value it refused (until changed). */
  const field = (name: AddressFormField): FieldBinding => {
    const binding = form.field(name);
    const refused = answer?.ok === false && answer.values[name] === form.values[name] ? answer.fields?.[name] : undefined;
    return { ...binding, error: binding.error ?? refused };
  };

  const fill = (found: FoundAddress) => {
    for (const [name, value] of Object.entries(found) as [keyof FoundAddress, string][]) {
      if (value) form.field(name).onChange(value);
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
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : 'save';
    // Only saving needs a valid form; finding a postcode does not.
    if (intent === 'save') form.onSubmit(event);
  };

  return (
    <Modal
      open
      onClose={() => void navigate(closeHref, { preventScrollReset: true })}
      closeHref={closeHref}
      title="Add/Update Address"
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
        id={FORM_ID}
        method="post"
        noValidate
        preventScrollReset
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
          <TextField
            id="address-reference"
            name="reference"
            label="Reference"
            placeholder="e.g. Warehouse, Home"
            maxLength={100}
            required
            binding={field('reference')}
          />
          <TextField
            id="address-contact-name"
            name="contact_name"
            label="Contact Name"
            autoComplete="name"
            maxLength={100}
            required
            binding={field('contact_name')}
          />
        </div>
        <TextField
          id="address-region"
          name="region"
          label="Region (house number or name)"
          autoComplete="address-line1"
          maxLength={50}
          required
          binding={field('region')}
        />
        <TextField
          id="address-company-name"
          name="company_name"
          label="Company Name (optional)"
          autoComplete="organization"
          maxLength={100}
          binding={field('company_name')}
        />
        <TextField
          id="address-address"
          name="address"
          label="Address"
          autoComplete="address-line2"
          maxLength={500}
          required
          binding={field('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="address-town" name="town" label="Town" autoComplete="address-level2" maxLength={50} required binding={field('town')} />
          <TextField
            id="address-post-code"
            name="post_code"
            label="Post Code"
            autoComplete="postal-code"
            maxLength={100}
            required
            binding={field('post_code')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="address-country"
            name="country"
            label="Country"
            autoComplete="country-name"
            maxLength={50}
            required
            binding={field('country')}
          />
          <TextField
            id="address-phone"
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={15}
            required
            binding={field('phone')}
          />
        </div>
      </Form>
    </Modal>
  );
}
