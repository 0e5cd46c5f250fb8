import type { ComponentProps } from 'react';
import { TextField } from '../../../components/text-field';

/** An address picked from a places suggestion (the fields it fills). */
export type PickedAddress = {
  line1: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
};

type AddressLineFieldProps = Omit<ComponentProps<typeof TextField>, 'onSelect'> & {
  /**
   * The places-autocomplete seam (spec 001 §2: suggestions limited to ADDRESS_AUTOCOMPLETE_COUNTRIES
   * us, gb, au, ca, nz). A provider (e.g. Google Places when a key is configured) would wrap this
   * input as a combobox and call `onAddressPicked`; the form then fills the other fields and clears
   * the time zone (spec 001 §4). No provider is configured today, so this is a plain text field and
   * the callback is never called.
   */
  onAddressPicked?: (address: PickedAddress) => void;
};

/** Billing address line 1: a plain text field until a places provider is plugged in. */
export function AddressLineField({
  onAddressPicked: _onAddressPicked,
  ...props
}: AddressLineFieldProps) {
  return <TextField autoComplete="address-line1" {...props} />;
}
