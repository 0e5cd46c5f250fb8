import { countryName, PHONE_CODES, regionName } from '@coparent/domain';
import { useFormattedPhone } from '@/lib/use-formatted-phone';
import { useLocale } from '@/lib/use-locale';
import type { CheckoutSession } from '../checkout-session';
import type { SavedBillingValues } from '../checkout-store';
import styles from './checkout.module.css';

type ReviewAddressProps = {
  parent: CheckoutSession['parent'];
  billing: SavedBillingValues | undefined;
};

/** Review's billing address: the name, the address lines, the country and the phone. */
export function ReviewAddress({ parent, billing }: ReviewAddressProps) {
  const locale = useLocale();
  const phone = useFormattedPhone(
    parent.phoneNumber,
    parent.phoneCountryCode ? PHONE_CODES[parent.phoneCountryCode].dialCode : undefined,
  );
  const region =
    billing?.region && billing.country ? regionName(billing.country, billing.region, locale) : '';
  const cityLine = [billing?.city, region, billing?.postalCode].filter(Boolean).join(', ');
  return (
    <address className={styles.address}>
      {parent.firstName} {parent.lastName}
      <br />
      {billing?.billingAddress}
      {billing?.billingAddress2 ? (
        <>
          <br />
          {billing.billingAddress2}
        </>
      ) : null}
      <br />
      {cityLine}
      <br />
      {billing?.country ? countryName(billing.country, locale) : null}
      {phone ? (
        <>
          <br />
          {phone}
        </>
      ) : null}
    </address>
  );
}
