/**
 * The 'Add/Update Address' modal of the delivery step (SPEC 2, 5): the address form, in edit
 * mode when an existing address was loaded, otherwise in add mode. Every field but Company Name
 * is required with its SPEC 5 message shown once touched; Save stays disabled until the form is
 * valid. A postcode search above the fields can fill them in.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { addressRules, type TextRule } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { Modal } from '~/components/modal';
import { FormMessage, type FormMessageValue } from '~/components/account/form-message';
import { TextField } from '~/components/account/text-field';
import { useValidatedForm } from '~/components/account/use-validated-form';
import { apiMessage } from './checkout-guards';
import type { AddressBody, AddressDto } from './checkout-types';
import type { FoundAddress } from './address-format';
import { PostcodeFinder } from './postcode-finder';

const DEFAULT_COUNTRY = 'United Kingdom';
const FORM_ID = 'address-form';

/** The SPEC 5 rules plus the optional company name (bounded like the other names). */
const addressFormRules = {
  ...addressRules,
  company_name: { min: 0, max: 100, message: 'Company Name is at most 100 characters' } satisfies TextRule,
};
type AddressField = keyof typeof addressFormRules;

function initialValues(address: AddressDto | null): Record<AddressField, string> {
  return {
    reference: address?.reference ?? '',
    contact_name: address?.contact_name ?? '',
    region: address?.region ?? '',
    company_name: address?.company_name ?? '',
    address: address?.address ?? '',
    town: address?.town ?? '',
    country: address?.country || DEFAULT_COUNTRY,
    post_code: address?.post_code ?? '',
    phone: address?.phone ?? '',
  };
}

interface Props {
  open: boolean;
  /** The address being edited (loaded from the server), or null to add one. */
  address: AddressDto | null;
  userId: string;
  onClose(): void;
  onSaved(address: AddressDto): void;
}

export function AddressModal({ open, address, userId, onClose, onSaved }: Props) {
  const [saving, setSaving] = useState(false);
  const [valid, setValid] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add/Update Address"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="btn-primary min-w-32" disabled={!valid || saving} data-testid="save-address">
            {saving ? 'Saving…' : address ? 'Update Address' : 'Save Address'}
          </button>
        </>
      }
    >
      {/* Mounted only while open, so each opening starts from the address being edited (or a blank form). */}
      {open ? (
        <AddressForm
          key={address?.address_id ?? 'new'}
          address={address}
          userId={userId}
          onSaved={onSaved}
          onSavingChange={setSaving}
          onValidChange={setValid}
        />
      ) : null}
    </Modal>
  );
}

interface FormProps {
  address: AddressDto | null;
  userId: string;
  onSaved(address: AddressDto): void;
  onSavingChange(saving: boolean): void;
  onValidChange(valid: boolean): void;
}

function AddressForm({ address, userId, onSaved, onSavingChange, onValidChange }: FormProps) {
  const form = useValidatedForm(addressFormRules, initialValues(address));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = address !== null;

  // The Save button lives in the modal's footer: tell it whether the form passes.
  useEffect(() => onValidChange(form.valid), [form.valid, onValidChange]);

  const fill = (found: FoundAddress) => {
    for (const [name, value] of Object.entries(found) as [keyof FoundAddress, string][]) {
      if (value) form.field(name).onChange(value);
    }
    // The house number or name is what a customer most often has to correct: start there.
    window.setTimeout(() => document.getElementById('address-region')?.focus(), 0);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid) {
      form.showAll();
      return;
    }
    if (saving) return;
    setSaving(true);
    onSavingChange(true);
    setMessage(null);
    const v = form.values;
    const body: AddressBody = {
      ...(editing ? { address_id: address.address_id } : {}),
      reference: v.reference.trim(),
      contact_name: v.contact_name.trim(),
      region: v.region.trim(),
      company_name: v.company_name.trim(),
      address: v.address.trim(),
      town: v.town.trim(),
      country: v.country.trim(),
      post_code: v.post_code.trim().toUpperCase(),
      phone: v.phone.trim(),
      user_id: Number(userId),
    };
    try {
      const saved = await api<AddressDto>('/address', { method: editing ? 'PUT' : 'POST', body });
      onSaved(saved);
    } catch (error) {
      setMessage({ tone: 'error', text: apiMessage(error, 'Your address could not be saved. Please check the details and try again.') });
    } finally {
      setSaving(false);
      onSavingChange(false);
    }
  };

  return (
    <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4" data-testid="address-form" data-mode={editing ? 'edit' : 'add'}>
      <p className="text-sm text-stone-600">
        {editing ? 'Update the details of this address.' : 'Add a delivery address. Your first address is also used as your billing address.'}{' '}
        All fields are required unless marked optional.
      </p>
      <FormMessage message={message} testId="address-message" />
      <PostcodeFinder onChoose={fill} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="address-reference"
          label="Reference"
          placeholder="e.g. Warehouse, Home"
          maxLength={100}
          required
          binding={form.field('reference')}
        />
        <TextField id="address-contact-name" label="Contact Name" autoComplete="name" maxLength={100} required binding={form.field('contact_name')} />
      </div>
      <TextField
        id="address-region"
        label="Region (house number or name)"
        autoComplete="address-line1"
        maxLength={50}
        required
        binding={form.field('region')}
      />
      <TextField
        id="address-company-name"
        label="Company Name (optional)"
        autoComplete="organization"
        maxLength={100}
        binding={form.field('company_name')}
      />
      <TextField id="address-address" label="Address" autoComplete="address-line2" maxLength={500} required binding={form.field('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="address-town" label="Town" autoComplete="address-level2" maxLength={50} required binding={form.field('town')} />
        <TextField id="address-post-code" label="Post Code" autoComplete="postal-code" maxLength={100} required binding={form.field('post_code')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="address-country" label="Country" autoComplete="country-name" maxLength={50} required binding={form.field('country')} />
        <TextField id="address-phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={15} required binding={form.field('phone')} />
      </div>
    </form>
  );
}
