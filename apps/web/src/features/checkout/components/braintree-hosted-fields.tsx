import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../../components/alert-banner';

type BraintreeHostedFieldsProps = {
  /** The client token from GET /v2/payment/client-token (provider 'braintree'). */
  clientToken: string;
};

/**
 * The seam for the real card form. With the server's Braintree gateway (provider 'braintree'),
 * this component is where braintree-web is loaded: `client.create({ authorization: clientToken })`,
 * then `hostedFields.create` with the number, expirationDate and cvv fields (their own iframes,
 * so card data never touches our pages), its `validityChange` events feeding Review Order, and
 * `tokenize()` giving the same TokenizePayload the sandbox endpoint answers (the page code after
 * the nonce is shared). For GB card payments `dataCollector.create` adds `deviceData`. PayPal
 * (`paypalCheckout`, flow 'vault', intent 'tokenize'), Venmo (`venmo.create`, paymentMethodUsage
 * 'multi_use', `isBrowserSupported()`) and Apple Pay (`applePay.create`, the package total to 2
 * decimals with `minorToDecimalString`, currency default USD) plug in beside it. None of this is
 * loaded in this build (no merchant is configured here; the sandbox form runs instead), so it says
 * plainly that card payments cannot be taken on this page.
 */
export function BraintreeHostedFields({ clientToken: _clientToken }: BraintreeHostedFieldsProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="warning" autoHideMs={null}>
      <p>{t('checkout.card.providerUnavailable')}</p>
    </AlertBanner>
  );
}
