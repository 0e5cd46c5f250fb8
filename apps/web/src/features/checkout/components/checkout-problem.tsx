import { supportPhoneFor } from '@coparent/domain';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AlertBanner } from '../../../components/alert-banner';

type CheckoutProblemProps = {
  /** The billing country (its support line); the default line otherwise. */
  country?: string;
  /** The message; the generic one by default. */
  children?: ReactNode;
};

/** A calm, persistent error banner with the support phone of the visitor's country. */
export function CheckoutProblem({ country, children }: CheckoutProblemProps) {
  const { t } = useTranslation();
  const phone = supportPhoneFor(country);
  return (
    <AlertBanner tone="error" autoHideMs={null}>
      <p>{children ?? t('genericErrorMessage', { ns: 'validation' })}</p>
      <p>
        <Trans
          i18nKey="common.supportCall"
          values={{ phone: phone.display }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the phone number inside
            phone: <a href={`tel:${phone.tel}`} />,
          }}
        />
      </p>
    </AlertBanner>
  );
}
